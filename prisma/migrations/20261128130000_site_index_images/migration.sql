-- AlterTable
ALTER TABLE "site_index_entries" ADD COLUMN     "imageAlt" TEXT,
ADD COLUMN     "imageUrl" TEXT;

