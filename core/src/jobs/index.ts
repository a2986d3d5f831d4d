// Work claimed from the shared database under leases (see lease-queue.ts).
export {
  claimJobs,
  finishJob,
  renewJobLease,
  retryDelay,
  type ClaimJobsOptions,
  type LeaseQueue,
} from "./lease-queue.ts";
// One instance's worker on a queue, and the jobs kept per connected site.
export { createJobWorker, notifyJobQueued, onJobQueued, type JobWorker, type JobWorkerOptions } from "./job-worker.ts";
export {
  enqueueSiteJob,
  holdJob,
  LeaseLost,
  runSiteJob,
  type SiteJobKey,
  type SiteJobKind,
  type SiteJobOutcome,
  type SiteJobRun,
} from "./site-job.ts";
export {
  enqueueSearchConsole,
  resumeSearchConsole,
  enqueueSiteIndex,
  enqueueSitePosts,
  SEARCH_CONSOLE_QUEUE,
  SITE_INDEX_QUEUE,
  SITE_POSTS_QUEUE,
} from "./site-queues.ts";
