-- AlterTable
ALTER TABLE "site_index_entries" ADD COLUMN     "sourceId" TEXT;

-- AlterTable
ALTER TABLE "site_index_jobs" ADD COLUMN     "articlesCounted" INTEGER,
ADD COLUMN     "changesCountedAt" TIMESTAMP(3),
ADD COLUMN     "pagesCounted" INTEGER;

-- CreateIndex
CREATE INDEX "site_index_entries_platform_connectionId_sourceId_idx" ON "site_index_entries"("platform", "connectionId", "sourceId");
