// Asks for a site's posts to be analysed now: called when the site's index has been read (connected, refreshed, or
// a day old). Upserts the site's job as due now (an analysis in progress finishes, then the site is analysed again)
// and tells this process's analyser, if it runs one, to claim it at once.
import type { Prisma } from "../db/index.ts";
import { notifySitePostsQueued } from "./site-posts-jobs.ts";

export async function enqueueSitePosts(
  deps: { prisma: Prisma; now?: () => Date },
  input: { userId: number; platform: "shopify" | "wordpress"; connectionId: number },
): Promise<void> {
  const now = (deps.now?.() ?? new Date()).toISOString();
  await deps.prisma.$executeRawUnsafe(
    `INSERT INTO "site_posts_jobs" ("userId", "platform", "connectionId", "state", "nextAttemptAt", "createdAt", "updatedAt")
     VALUES ($1, $2, $3, 'queued', ($4::timestamptz AT TIME ZONE 'UTC'), ($4::timestamptz AT TIME ZONE 'UTC'),
             ($4::timestamptz AT TIME ZONE 'UTC'))
     ON CONFLICT ("platform", "connectionId") DO UPDATE
     SET "userId" = EXCLUDED."userId",
         "nextAttemptAt" = EXCLUDED."nextAttemptAt",
         "attempts" = 0,
         "state" = CASE WHEN "site_posts_jobs"."state" = 'analysing' THEN 'analysing' ELSE 'queued' END,
         "updatedAt" = EXCLUDED."updatedAt"`,
    input.userId,
    input.platform,
    input.connectionId,
    now,
  );
  notifySitePostsQueued(deps.prisma);
}
