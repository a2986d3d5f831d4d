-- AlterTable
ALTER TABLE "custom_blog_posts" ADD COLUMN     "linkedSiteUrl" TEXT;

-- CreateTable
CREATE TABLE "site_index_entries" (
    "id" SERIAL NOT NULL,
    "userId" INTEGER NOT NULL,
    "platform" TEXT NOT NULL,
    "connectionId" INTEGER NOT NULL,
    "kind" TEXT NOT NULL,
    "url" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "indexedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "site_index_entries_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "site_index_entries_userId_platform_idx" ON "site_index_entries"("userId", "platform");

-- CreateIndex
CREATE UNIQUE INDEX "site_index_entries_platform_connectionId_url_key" ON "site_index_entries"("platform", "connectionId", "url");

-- AddForeignKey
ALTER TABLE "site_index_entries" ADD CONSTRAINT "site_index_entries_userId_fkey" FOREIGN KEY ("userId") REFERENCES "custom_users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

