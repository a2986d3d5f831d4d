// The site indexer of one instance: every few seconds (and at once when this process queues a site) it claims the
// sites due for a read, oldest due first, up to its number of readers, and reads each one (runSiteIndexJob). Sites are
// shared between instances through their jobs' leases, so each site has one reader at a time and capacity grows
// with instances. Now and then it also queues the connected sites that have no job yet (connected before jobs
// existed, or by a path that did not queue them): the repair that keeps every site indexed.
import { createJobWorker, type JobWorker } from "../jobs/job-worker.ts";
import type { Logger } from "../logger.ts";
import type { SiteIndexDeps } from "./read-connection-pages.ts";
import { runSiteIndexJob, type SiteIndexOutcome } from "./run-site-index-job.ts";
import { SITE_INDEX_LEASE_MS, SITE_INDEX_QUEUE } from "./site-index-jobs.ts";

export interface SiteIndexerOptions {
  /** Names this instance in the leases it takes. */
  instanceId: string;
  /** Sites read at the same time by this instance. */
  readers?: number;
  /** How often it looks for due sites. */
  intervalMs?: number;
  leaseMs?: number;
  /** How often it queues connected sites without a job. */
  repairEveryMs?: number;
  /** Told each read's outcome (tests, measurements). */
  onOutcome?: (outcome: SiteIndexOutcome, jobId: number) => void;
}

export type SiteIndexer = JobWorker;

// A site indexed before jobs existed keeps its pages, their count and date: it is read again, not for the first time.
const queueUnindexedSql = (table: string, platform: string) => `
INSERT INTO "site_index_jobs"
  ("userId", "platform", "connectionId", "state", "pagesIndexed", "indexedAt", "nextAttemptAt", "updatedAt")
SELECT c."userId", '${platform}', c.id, 'queued', COALESCE(e.pages, 0), e."indexedAt",
       (now() AT TIME ZONE 'UTC'), (now() AT TIME ZONE 'UTC')
FROM "${table}" c
LEFT JOIN LATERAL (
  SELECT count(*)::int AS pages, max(s."indexedAt") AS "indexedAt" FROM "site_index_entries" s
  WHERE s."platform" = '${platform}' AND s."connectionId" = c.id AND s."userId" = c."userId"
) e ON e.pages > 0
WHERE c."isActive" AND NOT EXISTS (
  SELECT 1 FROM "site_index_jobs" j WHERE j."platform" = '${platform}' AND j."connectionId" = c.id
)
ON CONFLICT ("platform", "connectionId") DO NOTHING`;

/** Queues every active connection that has no site index job; returns how many were queued. */
export async function queueUnindexedSites(deps: Pick<SiteIndexDeps, "prisma">): Promise<number> {
  const shopify = await deps.prisma.$executeRawUnsafe(queueUnindexedSql("custom_shopify_connections", "shopify"));
  const wordpress = await deps.prisma.$executeRawUnsafe(queueUnindexedSql("custom_wordpress_connections", "wordpress"));
  return shopify + wordpress;
}

export function createSiteIndexer(deps: SiteIndexDeps & { logger?: Logger }, options: SiteIndexerOptions): SiteIndexer {
  return createJobWorker(deps, {
    queue: SITE_INDEX_QUEUE,
    instanceId: options.instanceId,
    runners: options.readers ?? 4,
    intervalMs: options.intervalMs,
    leaseMs: options.leaseMs ?? SITE_INDEX_LEASE_MS,
    run: (jobId, owner) => runSiteIndexJob(deps, { jobId, owner, leaseMs: options.leaseMs }),
    repair: {
      everyMs: options.repairEveryMs ?? 10 * 60_000,
      run: () => queueUnindexedSites(deps),
      logMessage: "queued connected sites that had no index",
    },
    onOutcome: options.onOutcome,
    logMessages: {
      runFailed: "a site index read could not be recorded",
      claimFailed: "could not claim the sites to index",
    },
  });
}
