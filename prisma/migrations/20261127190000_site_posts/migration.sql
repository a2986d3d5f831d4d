-- CreateTable
CREATE TABLE "site_posts" (
    "id" SERIAL NOT NULL,
    "userId" INTEGER NOT NULL,
    "platform" TEXT NOT NULL,
    "connectionId" INTEGER NOT NULL,
    "remoteId" TEXT NOT NULL,
    "url" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "publishedAt" TIMESTAMP(3),
    "modifiedAt" TIMESTAMP(3),
    "words" INTEGER NOT NULL,
    "score" INTEGER NOT NULL,
    "failingChecks" JSONB NOT NULL DEFAULT '[]',
    "keyphrase" TEXT NOT NULL,
    "keyphraseSource" TEXT NOT NULL,
    "linksOut" INTEGER NOT NULL DEFAULT 0,
    "linksIn" INTEGER NOT NULL DEFAULT 0,
    "clicks" INTEGER,
    "impressions" INTEGER,
    "position" DOUBLE PRECISION,
    "previousClicks" INTEGER,
    "previousImpressions" INTEGER,
    "previousPosition" DOUBLE PRECISION,
    "opportunity" DOUBLE PRECISION NOT NULL,
    "analysedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "site_posts_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "site_posts_jobs" (
    "id" SERIAL NOT NULL,
    "userId" INTEGER NOT NULL,
    "platform" TEXT NOT NULL,
    "connectionId" INTEGER NOT NULL,
    "state" TEXT NOT NULL DEFAULT 'queued',
    "postsRead" INTEGER NOT NULL DEFAULT 0,
    "postsAnalysed" INTEGER NOT NULL DEFAULT 0,
    "analysedAt" TIMESTAMP(3),
    "lastError" TEXT,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "nextAttemptAt" TIMESTAMP(3) DEFAULT CURRENT_TIMESTAMP,
    "leaseOwner" TEXT,
    "leaseUntil" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "site_posts_jobs_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "site_posts_userId_platform_connectionId_opportunity_idx" ON "site_posts"("userId", "platform", "connectionId", "opportunity");

-- CreateIndex
CREATE UNIQUE INDEX "site_posts_platform_connectionId_remoteId_key" ON "site_posts"("platform", "connectionId", "remoteId");

-- CreateIndex
CREATE INDEX "site_posts_jobs_nextAttemptAt_idx" ON "site_posts_jobs"("nextAttemptAt");

-- CreateIndex
CREATE INDEX "site_posts_jobs_userId_idx" ON "site_posts_jobs"("userId");

-- CreateIndex
CREATE UNIQUE INDEX "site_posts_jobs_platform_connectionId_key" ON "site_posts_jobs"("platform", "connectionId");

-- AddForeignKey
ALTER TABLE "site_posts" ADD CONSTRAINT "site_posts_userId_fkey" FOREIGN KEY ("userId") REFERENCES "custom_users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "site_posts_jobs" ADD CONSTRAINT "site_posts_jobs_userId_fkey" FOREIGN KEY ("userId") REFERENCES "custom_users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

