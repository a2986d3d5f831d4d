-- CreateTable
CREATE TABLE "search_console_connections" (
    "id" SERIAL NOT NULL,
    "userId" INTEGER NOT NULL,
    "platform" TEXT NOT NULL,
    "connectionId" INTEGER NOT NULL,
    "accessToken" TEXT NOT NULL,
    "refreshToken" TEXT NOT NULL,
    "accessTokenExpiresAt" TIMESTAMP(3) NOT NULL,
    "scope" TEXT NOT NULL,
    "propertyUrl" TEXT,
    "properties" JSONB NOT NULL DEFAULT '[]',
    "state" TEXT NOT NULL DEFAULT 'connected',
    "lastError" TEXT,
    "readAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "search_console_connections_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "search_console_jobs" (
    "id" SERIAL NOT NULL,
    "userId" INTEGER NOT NULL,
    "platform" TEXT NOT NULL,
    "connectionId" INTEGER NOT NULL,
    "state" TEXT NOT NULL DEFAULT 'queued',
    "lastError" TEXT,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "nextAttemptAt" TIMESTAMP(3) DEFAULT CURRENT_TIMESTAMP,
    "leaseOwner" TEXT,
    "leaseUntil" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "search_console_jobs_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "search_console_pages" (
    "id" SERIAL NOT NULL,
    "userId" INTEGER NOT NULL,
    "platform" TEXT NOT NULL,
    "connectionId" INTEGER NOT NULL,
    "url" TEXT NOT NULL,
    "urlKey" TEXT NOT NULL,
    "clicks" INTEGER NOT NULL,
    "impressions" INTEGER NOT NULL,
    "position" DOUBLE PRECISION,
    "previousClicks" INTEGER NOT NULL,
    "previousImpressions" INTEGER NOT NULL,
    "previousPosition" DOUBLE PRECISION,

    CONSTRAINT "search_console_pages_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "search_console_queries" (
    "id" SERIAL NOT NULL,
    "userId" INTEGER NOT NULL,
    "platform" TEXT NOT NULL,
    "connectionId" INTEGER NOT NULL,
    "query" TEXT NOT NULL,
    "clicks" INTEGER NOT NULL,
    "impressions" INTEGER NOT NULL,
    "position" DOUBLE PRECISION,
    "previousClicks" INTEGER NOT NULL,
    "previousImpressions" INTEGER NOT NULL,
    "previousPosition" DOUBLE PRECISION,

    CONSTRAINT "search_console_queries_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "search_console_connections_userId_key" ON "search_console_connections"("userId");

-- CreateIndex
CREATE INDEX "search_console_jobs_nextAttemptAt_idx" ON "search_console_jobs"("nextAttemptAt");

-- CreateIndex
CREATE INDEX "search_console_jobs_userId_idx" ON "search_console_jobs"("userId");

-- CreateIndex
CREATE UNIQUE INDEX "search_console_jobs_platform_connectionId_key" ON "search_console_jobs"("platform", "connectionId");

-- CreateIndex
CREATE INDEX "search_console_pages_userId_idx" ON "search_console_pages"("userId");

-- CreateIndex
CREATE UNIQUE INDEX "search_console_pages_platform_connectionId_urlKey_key" ON "search_console_pages"("platform", "connectionId", "urlKey");

-- CreateIndex
CREATE INDEX "search_console_queries_userId_platform_connectionId_impress_idx" ON "search_console_queries"("userId", "platform", "connectionId", "impressions");

-- CreateIndex
CREATE UNIQUE INDEX "search_console_queries_platform_connectionId_query_key" ON "search_console_queries"("platform", "connectionId", "query");

-- AddForeignKey
ALTER TABLE "search_console_connections" ADD CONSTRAINT "search_console_connections_userId_fkey" FOREIGN KEY ("userId") REFERENCES "custom_users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "search_console_jobs" ADD CONSTRAINT "search_console_jobs_userId_fkey" FOREIGN KEY ("userId") REFERENCES "custom_users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "search_console_pages" ADD CONSTRAINT "search_console_pages_userId_fkey" FOREIGN KEY ("userId") REFERENCES "custom_users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "search_console_queries" ADD CONSTRAINT "search_console_queries_userId_fkey" FOREIGN KEY ("userId") REFERENCES "custom_users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

