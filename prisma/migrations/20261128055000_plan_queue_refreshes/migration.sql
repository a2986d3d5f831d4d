-- A content plan may also propose refreshes of the site's existing posts, each taking one of its slots.
ALTER TABLE "content_plans" ADD COLUMN "queueRefreshes" BOOLEAN NOT NULL DEFAULT false;
ALTER TABLE "post_refreshes" ADD COLUMN "planId" INTEGER;
ALTER TABLE "post_refreshes" ADD COLUMN "slotAt" TIMESTAMP(3);
CREATE INDEX "post_refreshes_planId_idx" ON "post_refreshes"("planId");
