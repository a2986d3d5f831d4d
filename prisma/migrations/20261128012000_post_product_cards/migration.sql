-- AlterTable
ALTER TABLE "custom_blog_posts" ADD COLUMN     "productCards" JSONB,
ADD COLUMN     "showProductCards" BOOLEAN NOT NULL DEFAULT false;
