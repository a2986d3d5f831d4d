// Asks for a site's posts to be analysed now: called when the site's index has been read (connected, refreshed, or
// a day old). An analysis in progress finishes, then the site is analysed again; this process's analyser, if it runs
// one, claims it at once.
import type { Prisma } from "../db/index.ts";
import { enqueueSiteJob, type SiteJobKey } from "../jobs/site-job.ts";
import { SITE_POSTS_QUEUE } from "./site-posts-jobs.ts";

export function enqueueSitePosts(deps: { prisma: Prisma; now?: () => Date }, key: SiteJobKey): Promise<void> {
  return enqueueSiteJob(deps, SITE_POSTS_QUEUE, key);
}
