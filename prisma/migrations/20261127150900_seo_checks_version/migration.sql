-- AlterTable
ALTER TABLE "custom_blog_posts" ADD COLUMN     "seoChecksVersion" INTEGER NOT NULL DEFAULT 0;
