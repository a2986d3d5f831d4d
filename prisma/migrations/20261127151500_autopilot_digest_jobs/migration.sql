-- CreateTable
CREATE TABLE "autopilot_digest_jobs" (
    "id" SERIAL NOT NULL,
    "userId" INTEGER NOT NULL,
    "state" TEXT NOT NULL DEFAULT 'waiting',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "nextAttemptAt" TIMESTAMP(3) DEFAULT CURRENT_TIMESTAMP,
    "leaseOwner" TEXT,
    "leaseUntil" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "autopilot_digest_jobs_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "autopilot_digest_jobs_userId_key" ON "autopilot_digest_jobs"("userId");

-- CreateIndex
CREATE INDEX "autopilot_digest_jobs_nextAttemptAt_idx" ON "autopilot_digest_jobs"("nextAttemptAt");

-- AddForeignKey
ALTER TABLE "autopilot_digest_jobs" ADD CONSTRAINT "autopilot_digest_jobs_userId_fkey" FOREIGN KEY ("userId") REFERENCES "custom_users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

