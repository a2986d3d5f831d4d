// Asks for a site's pages to be read now: called when a site is connected or reconnected (whichever way) and when the
// owner asks for a refresh. Upserts the site's job as due now (a read in progress finishes, then the site is read
// again), and tells this process's site indexer, if it runs one, to claim it at once.
import type { Prisma } from "../db/index.ts";
import { notifySiteIndexQueued } from "./site-index-jobs.ts";

export async function enqueueSiteIndex(
  deps: { prisma: Prisma; now?: () => Date },
  input: { userId: number; platform: "shopify" | "wordpress"; connectionId: number },
): Promise<void> {
  const now = (deps.now?.() ?? new Date()).toISOString();
  await deps.prisma.$executeRawUnsafe(
    `INSERT INTO "site_index_jobs" ("userId", "platform", "connectionId", "state", "nextAttemptAt", "createdAt", "updatedAt")
     VALUES ($1, $2, $3, 'queued', ($4::timestamptz AT TIME ZONE 'UTC'), ($4::timestamptz AT TIME ZONE 'UTC'),
             ($4::timestamptz AT TIME ZONE 'UTC'))
     ON CONFLICT ("platform", "connectionId") DO UPDATE
     SET "userId" = EXCLUDED."userId",
         "nextAttemptAt" = EXCLUDED."nextAttemptAt",
         "attempts" = 0,
         "state" = CASE WHEN "site_index_jobs"."state" = 'reading' THEN 'reading' ELSE 'queued' END,
         "updatedAt" = EXCLUDED."updatedAt"`,
    input.userId,
    input.platform,
    input.connectionId,
    now,
  );
  notifySiteIndexQueued(deps.prisma);
}
