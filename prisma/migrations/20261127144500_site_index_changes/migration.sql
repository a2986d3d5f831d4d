-- CreateTable
CREATE TABLE "site_index_changes" (
    "id" SERIAL NOT NULL,
    "platform" TEXT NOT NULL,
    "connectionId" INTEGER NOT NULL,
    "sourceId" TEXT NOT NULL,
    "changedAt" TIMESTAMP(3) NOT NULL,
    "url" TEXT,
    "removed" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "site_index_changes_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "site_index_changes_platform_connectionId_sourceId_key" ON "site_index_changes"("platform", "connectionId", "sourceId");

