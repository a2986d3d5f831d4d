-- DropIndex
DROP INDEX "search_console_connections_userId_key";

-- CreateIndex
CREATE INDEX "search_console_connections_userId_idx" ON "search_console_connections"("userId");

-- CreateIndex
CREATE UNIQUE INDEX "search_console_connections_platform_connectionId_key" ON "search_console_connections"("platform", "connectionId");

