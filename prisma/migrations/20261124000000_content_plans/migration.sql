-- AlterTable
ALTER TABLE "custom_users" ADD COLUMN     "timeZone" TEXT NOT NULL DEFAULT 'UTC';

-- CreateTable
CREATE TABLE "content_plans" (
    "id" SERIAL NOT NULL,
    "userId" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "platform" TEXT NOT NULL,
    "connectionId" INTEGER,
    "blogId" TEXT,
    "weekdays" INTEGER[],
    "publishTime" TEXT NOT NULL,
    "timeZone" TEXT NOT NULL,
    "postsAhead" INTEGER NOT NULL DEFAULT 3,
    "mode" TEXT NOT NULL DEFAULT 'review',
    "status" TEXT NOT NULL DEFAULT 'active',
    "pausedReason" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "content_plans_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "content_plan_items" (
    "id" SERIAL NOT NULL,
    "planId" INTEGER NOT NULL,
    "title" TEXT NOT NULL,
    "keywords" TEXT[],
    "notes" TEXT,
    "position" INTEGER NOT NULL,
    "preferredDate" TIMESTAMP(3),
    "slotAt" TIMESTAMP(3),
    "status" TEXT NOT NULL DEFAULT 'planned',
    "postId" INTEGER,
    "lastError" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "content_plan_items_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "content_plans_userId_idx" ON "content_plans"("userId");

-- CreateIndex
CREATE UNIQUE INDEX "content_plan_items_postId_key" ON "content_plan_items"("postId");

-- CreateIndex
CREATE INDEX "content_plan_items_planId_position_idx" ON "content_plan_items"("planId", "position");

-- CreateIndex
CREATE INDEX "content_plan_items_status_slotAt_idx" ON "content_plan_items"("status", "slotAt");

-- AddForeignKey
ALTER TABLE "content_plans" ADD CONSTRAINT "content_plans_userId_fkey" FOREIGN KEY ("userId") REFERENCES "custom_users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "content_plan_items" ADD CONSTRAINT "content_plan_items_planId_fkey" FOREIGN KEY ("planId") REFERENCES "content_plans"("id") ON DELETE CASCADE ON UPDATE CASCADE;

