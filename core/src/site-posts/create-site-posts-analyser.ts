// The site posts analyser of one instance: every few seconds (and at once when this process queues a site) it claims
// the sites whose posts are due for an analysis, up to its number of analysers, and analyses each (runSitePostsJob).
// Sites are shared between instances through their jobs' leases, so each site has one analyser at a time. Now and
// then it also queues the indexed sites whose posts have no job yet (queue-unanalysed-sites.ts).
import { claimJobs } from "../jobs/index.ts";
import { type Logger, silentLogger } from "../logger.ts";
import type { SiteIndexDeps } from "../site-index/read-connection-pages.ts";
import { queueUnanalysedSites } from "./queue-unanalysed-sites.ts";
import { runSitePostsJob, type SitePostsOutcome } from "./run-site-posts-job.ts";
import { onSitePostsQueued, SITE_POSTS_LEASE_MS, SITE_POSTS_QUEUE } from "./site-posts-jobs.ts";

export interface SitePostsAnalyserOptions {
  instanceId: string;
  /** Sites analysed at the same time by this instance. Default 2. */
  analysers?: number;
  intervalMs?: number;
  leaseMs?: number;
  /** How often it queues indexed sites without a job. Default 10 minutes. */
  repairEveryMs?: number;
  onOutcome?: (outcome: SitePostsOutcome, jobId: number) => void;
}

export interface SitePostsAnalyser {
  start(): void;
  kick(): Promise<void>;
  /** Stops claiming and waits for the analyses in progress. */
  stop(): Promise<void>;
}

export function createSitePostsAnalyser(
  deps: SiteIndexDeps & { logger?: Logger },
  options: SitePostsAnalyserOptions,
): SitePostsAnalyser {
  const logger = deps.logger ?? silentLogger;
  const analysers = options.analysers ?? 2;
  const running = new Set<Promise<void>>();
  let claims = 0;
  let claiming: Promise<void> | undefined;
  let again = false;
  let stopped = true;
  let timer: ReturnType<typeof setInterval> | undefined;
  let unsubscribe: (() => void) | undefined;
  let lastRepair = 0;
  const repairEveryMs = options.repairEveryMs ?? 10 * 60_000;

  async function claimOnce(): Promise<void> {
    const now = deps.now?.() ?? new Date();
    if (now.getTime() - lastRepair >= repairEveryMs) {
      lastRepair = now.getTime();
      const queued = await queueUnanalysedSites(deps);
      if (queued > 0) logger.info({ queued }, "queued the posts of indexed sites that had no analysis");
    }
    const free = analysers - running.size;
    if (free <= 0) return;
    const owner = `${options.instanceId}:posts:${++claims}`;
    const ids = await claimJobs(deps.prisma, SITE_POSTS_QUEUE, {
      owner,
      now,
      leaseMs: options.leaseMs ?? SITE_POSTS_LEASE_MS,
      limit: free,
    });
    for (const jobId of ids) {
      const run = runSitePostsJob(deps, { jobId, owner, leaseMs: options.leaseMs })
        .then((outcome) => options.onOutcome?.(outcome, jobId))
        .catch((err: unknown) => logger.warn({ err, jobId }, "a site's post analysis could not be recorded"))
        .finally(() => {
          running.delete(run);
          if (!stopped) void kick();
        });
      running.add(run);
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
        logger.warn({ err }, "could not claim the sites whose posts are due for analysis");
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
      timer = setInterval(() => void kick(), options.intervalMs ?? 5_000);
      timer.unref?.();
      unsubscribe = onSitePostsQueued(deps.prisma, () => void kick());
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
