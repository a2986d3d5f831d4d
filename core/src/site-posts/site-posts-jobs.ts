// The analysis of a site's posts as jobs (table site_posts_jobs, one per connected site; core/src/jobs/site-job.ts):
// the queue they form, how long an analyser's lease holds, how a failed analysis is retried and when the posts are
// analysed again.
import type { SiteJobKind } from "../jobs/site-job.ts";
import { SITE_POSTS_QUEUE } from "../jobs/site-queues.ts";

export { SITE_POSTS_QUEUE };

export type SitePostsState = "queued" | "analysing" | "ready" | "failed";

/** An analyser renews its lease after every page of posts read; one silent this long loses the site to another. */
export const SITE_POSTS_LEASE_MS = 2 * 60_000;
/** Posts analysed this long ago are analysed again (the site index's daily read also queues them). */
export const SITE_POSTS_STALE_AFTER_MS = 24 * 60 * 60_000;
/** A failed analysis is retried after 1 min, 2, 4 ... up to an hour, then once a day after this many. */
export const SITE_POSTS_RETRY = { baseMs: 60_000, maxMs: 60 * 60_000 };
export const SITE_POSTS_MAX_ATTEMPTS = 8;
/** The most posts of one site analysed (newest first beyond it). */
export const SITE_POSTS_LIMIT = 2000;

export const SITE_POSTS_JOB: SiteJobKind = {
  queue: SITE_POSTS_QUEUE,
  leaseMs: SITE_POSTS_LEASE_MS,
  againAfterMs: SITE_POSTS_STALE_AFTER_MS,
  retry: SITE_POSTS_RETRY,
  maxAttempts: SITE_POSTS_MAX_ATTEMPTS,
};
