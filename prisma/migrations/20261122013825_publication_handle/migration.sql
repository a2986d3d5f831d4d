-- AlterTable
ALTER TABLE "post_publications" ADD COLUMN     "handle" TEXT;
