-- CreateTable
CREATE TABLE "post_refreshes" (
    "id" SERIAL NOT NULL,
    "userId" INTEGER NOT NULL,
    "platform" TEXT NOT NULL,
    "connectionId" INTEGER NOT NULL,
    "remoteId" TEXT NOT NULL,
    "url" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "keyphrase" TEXT NOT NULL,
    "generator" TEXT NOT NULL,
    "state" TEXT NOT NULL DEFAULT 'proposed',
    "original" JSONB NOT NULL,
    "fingerprint" TEXT NOT NULL,
    "items" JSONB NOT NULL DEFAULT '[]',
    "acceptedItems" JSONB NOT NULL DEFAULT '[]',
    "previous" JSONB,
    "publishedFingerprint" TEXT,
    "claimedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "publishedAt" TIMESTAMP(3),
    "restoredAt" TIMESTAMP(3),

    CONSTRAINT "post_refreshes_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "post_refreshes_userId_platform_connectionId_remoteId_idx" ON "post_refreshes"("userId", "platform", "connectionId", "remoteId");

-- AddForeignKey
ALTER TABLE "post_refreshes" ADD CONSTRAINT "post_refreshes_userId_fkey" FOREIGN KEY ("userId") REFERENCES "custom_users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

