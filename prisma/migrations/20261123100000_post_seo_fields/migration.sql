-- AlterTable
ALTER TABLE "custom_blog_posts" ADD COLUMN     "focusKeyphrase" TEXT,
ADD COLUMN     "seoTitle" TEXT,
ADD COLUMN     "slug" TEXT;

