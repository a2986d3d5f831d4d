// The site index's jobs (table site_index_jobs, one per connected site; core/src/jobs/site-job.ts): the queue they
// form, how long a reader's lease holds, how often a failed read is retried and when an index is read again.
import type { SiteJobKind } from "../jobs/site-job.ts";
import { SITE_INDEX_QUEUE } from "../jobs/site-queues.ts";

export { SITE_INDEX_QUEUE };

export type SiteIndexState = "queued" | "reading" | "ready" | "failed";

/** A reader renews its lease after every page; one that stops renewing for this long loses the site to another. */
export const SITE_INDEX_LEASE_MS = 2 * 60_000;
/** An index this old is read again (the rare full re-read, apart from any change). */
export const SITE_INDEX_STALE_AFTER_MS = 24 * 60 * 60_000;
/** A WordPress site without the plugin is asked what changed this often between full reads. */
export const SITE_INDEX_CHANGES_EVERY_MS = 10 * 60_000;
/** A failed read is retried after 1 min, 2, 4, 8, then every hour until it succeeds ... */
export const SITE_INDEX_RETRY = { baseMs: 60_000, maxMs: 60 * 60_000 };
/** ... and after this many failures in a row only once a day (the owner can ask for a read at any time). */
export const SITE_INDEX_MAX_ATTEMPTS = 8;

export const SITE_INDEX_JOB: SiteJobKind = {
  queue: SITE_INDEX_QUEUE,
  leaseMs: SITE_INDEX_LEASE_MS,
  againAfterMs: SITE_INDEX_STALE_AFTER_MS,
  retry: SITE_INDEX_RETRY,
  maxAttempts: SITE_INDEX_MAX_ATTEMPTS,
};
