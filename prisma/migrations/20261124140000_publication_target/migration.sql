-- AlterTable
ALTER TABLE "post_publications" ADD COLUMN     "blogId" TEXT,
ADD COLUMN     "connectionId" INTEGER;

