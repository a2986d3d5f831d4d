// Asks for a site's pages to be read now: called when a site is connected or reconnected (whichever way) and when the
// owner asks for a refresh. A read in progress finishes, then the site is read again; this process's site indexer, if
// it runs one, claims it at once.
import type { Prisma } from "../db/index.ts";
import { enqueueSiteJob, type SiteJobKey } from "../jobs/site-job.ts";
import { SITE_INDEX_QUEUE } from "./site-index-jobs.ts";

export function enqueueSiteIndex(deps: { prisma: Prisma; now?: () => Date }, key: SiteJobKey): Promise<void> {
  return enqueueSiteJob(deps, SITE_INDEX_QUEUE, key);
}
