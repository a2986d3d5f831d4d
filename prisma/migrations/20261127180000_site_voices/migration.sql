-- CreateTable
CREATE TABLE "site_voices" (
    "id" SERIAL NOT NULL,
    "userId" INTEGER NOT NULL,
    "platform" TEXT NOT NULL,
    "connectionId" INTEGER NOT NULL,
    "profile" JSONB NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "site_voices_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "site_voices_userId_idx" ON "site_voices"("userId");

-- CreateIndex
CREATE UNIQUE INDEX "site_voices_platform_connectionId_key" ON "site_voices"("platform", "connectionId");

-- AddForeignKey
ALTER TABLE "site_voices" ADD CONSTRAINT "site_voices_userId_fkey" FOREIGN KEY ("userId") REFERENCES "custom_users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
