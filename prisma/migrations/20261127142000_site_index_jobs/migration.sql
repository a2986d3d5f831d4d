-- CreateTable
CREATE TABLE "site_index_jobs" (
    "id" SERIAL NOT NULL,
    "userId" INTEGER NOT NULL,
    "platform" TEXT NOT NULL,
    "connectionId" INTEGER NOT NULL,
    "state" TEXT NOT NULL DEFAULT 'queued',
    "pagesRead" INTEGER NOT NULL DEFAULT 0,
    "pagesIndexed" INTEGER NOT NULL DEFAULT 0,
    "indexedAt" TIMESTAMP(3),
    "lastError" TEXT,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "nextAttemptAt" TIMESTAMP(3) DEFAULT CURRENT_TIMESTAMP,
    "leaseOwner" TEXT,
    "leaseUntil" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "site_index_jobs_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "site_index_jobs_nextAttemptAt_idx" ON "site_index_jobs"("nextAttemptAt");

-- CreateIndex
CREATE INDEX "site_index_jobs_userId_idx" ON "site_index_jobs"("userId");

-- CreateIndex
CREATE UNIQUE INDEX "site_index_jobs_platform_connectionId_key" ON "site_index_jobs"("platform", "connectionId");

-- AddForeignKey
ALTER TABLE "site_index_jobs" ADD CONSTRAINT "site_index_jobs_userId_fkey" FOREIGN KEY ("userId") REFERENCES "custom_users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

