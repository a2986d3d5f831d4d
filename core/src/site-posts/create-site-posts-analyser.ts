// The site posts analyser of one instance: every few seconds (and at once when this process queues a site) it claims
// the sites whose posts are due for an analysis, up to its number of analysers, and analyses each (runSitePostsJob).
// Sites are shared between instances through their jobs' leases, so each site has one analyser at a time. Now and
// then it also queues the indexed sites whose posts have no job yet (queue-unanalysed-sites.ts).
import { createJobWorker, type JobWorker } from "../jobs/job-worker.ts";
import type { Logger } from "../logger.ts";
import type { SiteIndexDeps } from "../site-index/site-connection.ts";
import { queueUnanalysedSites } from "./queue-unanalysed-sites.ts";
import { runSitePostsJob, type SitePostsOutcome } from "./run-site-posts-job.ts";
import { SITE_POSTS_LEASE_MS, SITE_POSTS_QUEUE } from "./site-posts-jobs.ts";

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

export type SitePostsAnalyser = JobWorker;

export function createSitePostsAnalyser(
  deps: SiteIndexDeps & { logger?: Logger },
  options: SitePostsAnalyserOptions,
): SitePostsAnalyser {
  return createJobWorker(deps, {
    queue: SITE_POSTS_QUEUE,
    instanceId: options.instanceId,
    ownerTag: "posts",
    runners: options.analysers ?? 2,
    intervalMs: options.intervalMs,
    leaseMs: options.leaseMs ?? SITE_POSTS_LEASE_MS,
    run: (jobId, owner) => runSitePostsJob(deps, { jobId, owner, leaseMs: options.leaseMs }),
    repair: {
      everyMs: options.repairEveryMs ?? 10 * 60_000,
      run: () => queueUnanalysedSites(deps),
      logMessage: "queued the posts of indexed sites that had no analysis",
    },
    onOutcome: options.onOutcome,
    logMessages: {
      runFailed: "a site's post analysis could not be recorded",
      claimFailed: "could not claim the sites whose posts are due for analysis",
    },
  });
}
