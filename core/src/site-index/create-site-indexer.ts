// The site indexer of one instance: every few seconds (and at once when this process queues a site) it claims the
// sites due for a read, oldest due first, up to its number of readers, and reads each one (runSiteIndexJob). Sites are
// shared between instances through their jobs' leases, so each site has one reader at a time and capacity grows
// with instances. Now and then it also queues the connected sites that have no job yet (connected before jobs
// existed, or by a path that did not queue them): the repair that keeps every site indexed.
import { claimJobs } from "../jobs/index.ts";
import { type Logger, silentLogger } from "../logger.ts";
import type { SiteIndexDeps } from "./read-connection-pages.ts";
import { runSiteIndexJob, type SiteIndexOutcome } from "./run-site-index-job.ts";
import { onSiteIndexQueued, SITE_INDEX_LEASE_MS, SITE_INDEX_QUEUE } from "./site-index-jobs.ts";

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

export interface SiteIndexer {
  start(): void;
  /** Claims due sites now (up to the free readers) and resolves when the claim is made. */
  kick(): Promise<void>;
  /** Stops claiming and waits for the reads in progress. */
  stop(): Promise<void>;
}

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
  const logger = deps.logger ?? silentLogger;
  const readers = options.readers ?? 4;
  const intervalMs = options.intervalMs ?? 5_000;
  const repairEveryMs = options.repairEveryMs ?? 10 * 60_000;
  const running = new Set<Promise<void>>();
  let claims = 0;
  let claiming: Promise<void> | undefined;
  let again = false;
  let stopped = true;
  let timer: ReturnType<typeof setInterval> | undefined;
  let unsubscribe: (() => void) | undefined;
  let lastRepair = 0;

  async function claimOnce(): Promise<void> {
    const now = deps.now?.() ?? new Date();
    if (now.getTime() - lastRepair >= repairEveryMs) {
      lastRepair = now.getTime();
      const queued = await queueUnindexedSites(deps);
      if (queued > 0) logger.info({ queued }, "queued connected sites that had no index");
    }
    const free = readers - running.size;
    if (free <= 0) return;
    const owner = `${options.instanceId}:${++claims}`;
    const ids = await claimJobs(deps.prisma, SITE_INDEX_QUEUE, {
      owner,
      now,
      leaseMs: options.leaseMs ?? SITE_INDEX_LEASE_MS,
      limit: free,
    });
    for (const jobId of ids) {
      const read = runSiteIndexJob(deps, { jobId, owner, leaseMs: options.leaseMs })
        .then((outcome) => options.onOutcome?.(outcome, jobId))
        .catch((err: unknown) => logger.warn({ err, jobId }, "a site index read could not be recorded"))
        .finally(() => {
          running.delete(read);
          // A reader is free: the next due site need not wait for the next round.
          if (!stopped) void kick();
        });
      running.add(read);
    }
  }

  function kick(): Promise<void> {
    if (stopped) return Promise.resolve();
    if (claiming) {
      again = true;
      return claiming;
    }
    claiming = (async () => {
      try {
        do {
          again = false;
          await claimOnce();
        } while (again && !stopped);
      } catch (err) {
        logger.warn({ err }, "could not claim the sites to index");
      } finally {
        claiming = undefined;
      }
    })();
    return claiming;
  }

  return {
    start() {
      if (!stopped) return;
      stopped = false;
      timer = setInterval(() => void kick(), intervalMs);
      timer.unref?.();
      unsubscribe = onSiteIndexQueued(deps.prisma, () => void kick());
      void kick();
    },
    kick,
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      unsubscribe?.();
      await claiming;
      await Promise.all([...running]);
    },
  };
}
