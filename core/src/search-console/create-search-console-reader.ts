// The Search Console reader of one instance: every few seconds (and at once when this process queues a site) it claims
// the sites whose figures are due (connected, a property chosen, or read a day ago) and reads them
// (runSearchConsoleJob), one at a time. Sites are shared between instances through their jobs' leases.
import { createJobWorker, type JobWorker } from "../jobs/job-worker.ts";
import type { SiteJobOutcome } from "../jobs/site-job.ts";
import { runSearchConsoleJob } from "./run-search-console-job.ts";
import { SEARCH_CONSOLE_JOB } from "./search-console-jobs.ts";
import type { SearchConsoleDeps } from "./types.ts";

export interface SearchConsoleReaderOptions {
  instanceId: string;
  readers?: number;
  intervalMs?: number;
  leaseMs?: number;
  onOutcome?: (outcome: SiteJobOutcome, jobId: number) => void;
}

export function createSearchConsoleReader(deps: SearchConsoleDeps, options: SearchConsoleReaderOptions): JobWorker {
  return createJobWorker(deps, {
    queue: SEARCH_CONSOLE_JOB.queue,
    instanceId: options.instanceId,
    ownerTag: "search-console",
    runners: options.readers ?? 1,
    intervalMs: options.intervalMs,
    leaseMs: options.leaseMs ?? SEARCH_CONSOLE_JOB.leaseMs,
    run: (jobId, owner) => runSearchConsoleJob(deps, { jobId, owner, leaseMs: options.leaseMs }),
    onOutcome: options.onOutcome,
    logMessages: {
      runFailed: "a site's Search Console read could not be recorded",
      claimFailed: "could not claim the sites whose Search Console figures are due",
    },
  });
}
