-- AlterTable
ALTER TABLE "sessions" ADD COLUMN     "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
ADD COLUMN     "ipAddress" TEXT,
ADD COLUMN     "lastSeenAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
ADD COLUMN     "signedInAt" TIMESTAMP(3),
ADD COLUMN     "userAgent" TEXT,
ADD COLUMN     "userId" INTEGER;

-- CreateTable
CREATE TABLE "account_codes" (
    "id" SERIAL NOT NULL,
    "userId" INTEGER NOT NULL,
    "purpose" TEXT NOT NULL,
    "codeHash" TEXT NOT NULL,
    "newEmail" VARCHAR(255),
    "failedAttempts" INTEGER NOT NULL DEFAULT 0,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "usedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "account_codes_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "account_codes_userId_purpose_idx" ON "account_codes"("userId", "purpose");

-- CreateIndex
CREATE INDEX "sessions_userId_idx" ON "sessions"("userId");

-- Signed-in sessions made before this migration name their user only inside "sess": copy it out (for users that
-- still exist), and count their 90 days of absolute lifetime from now.
UPDATE "sessions" AS s SET "userId" = u."id", "signedInAt" = CURRENT_TIMESTAMP
FROM "custom_users" AS u
WHERE jsonb_typeof(s."sess" -> 'userId') = 'number' AND u."id" = (s."sess" ->> 'userId')::int;

-- AddForeignKey
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_userId_fkey" FOREIGN KEY ("userId") REFERENCES "custom_users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "account_codes" ADD CONSTRAINT "account_codes_userId_fkey" FOREIGN KEY ("userId") REFERENCES "custom_users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
