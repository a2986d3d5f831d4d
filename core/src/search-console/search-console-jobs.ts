// Reading a site's Search Console figures as jobs (table search_console_jobs, one per site; core/src/jobs/site-job.ts):
// read on connect and when a property is chosen, then daily; a failed read is retried with a growing delay. A site
// turned off on the service is not read: its job waits, and is due at once when the site is turned on again.
import type { SiteJobKind } from "../jobs/site-job.ts";
import { SEARCH_CONSOLE_QUEUE } from "../jobs/site-queues.ts";

export const SEARCH_CONSOLE_LEASE_MS = 2 * 60_000;
/** Figures are read again a day after the last read. */
export const SEARCH_CONSOLE_AGAIN_AFTER_MS = 24 * 60 * 60_000;
/** The API's largest page of rows. */
export const SEARCH_ANALYTICS_PAGE_ROWS = 25_000;
/** The most rows read per period and dimension (four pages). */
export const SEARCH_ANALYTICS_MAX_ROWS = 100_000;
/** The most queries kept per site (the most seen). */
export const SEARCH_QUERIES_KEPT = 5_000;

export const SEARCH_CONSOLE_JOB: SiteJobKind = {
  queue: SEARCH_CONSOLE_QUEUE,
  leaseMs: SEARCH_CONSOLE_LEASE_MS,
  againAfterMs: SEARCH_CONSOLE_AGAIN_AFTER_MS,
  retry: { baseMs: 60_000, maxMs: 60 * 60_000 },
  maxAttempts: 8,
  keepWhileOff: true,
};
