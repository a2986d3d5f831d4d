-- AlterTable
ALTER TABLE "custom_blog_posts" ADD COLUMN     "factsPolicy" TEXT NOT NULL DEFAULT 'hold',
ADD COLUMN     "productFacts" JSONB,
ADD COLUMN     "productFactsReport" JSONB;

