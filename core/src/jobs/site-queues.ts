// The queues of jobs kept per connected site, and asking for one now. Declared here, below every folder that asks
// (a connection saved, a shop installed, an index read), so that none of them imports the folder that runs the job:
// - site_index_jobs: reading the site's pages into its index (core/src/site-index);
// - site_posts_jobs: analysing the site's published posts for "Your posts" (core/src/site-posts);
// - search_console_jobs: reading the site's Search Console figures (core/src/search-console).
// A job in progress finishes, then runs again; this process's worker on the queue, if it runs one, claims it at once.
import type { Prisma } from "../db/index.ts";
import type { Logger } from "../logger.ts";
import type { LeaseQueue } from "./lease-queue.ts";
import { notifyJobQueued } from "./job-worker.ts";
import { enqueueSiteJob, type SiteJobKey } from "./site-job.ts";

export const SITE_INDEX_QUEUE: LeaseQueue = { table: "site_index_jobs", running: "reading" };
export const SITE_POSTS_QUEUE: LeaseQueue = { table: "site_posts_jobs", running: "analysing" };
export const SEARCH_CONSOLE_QUEUE: LeaseQueue = { table: "search_console_jobs", running: "reading" };

/** Asks for the site's pages to be read now: a site connected or reconnected (whichever way), or a refresh. */
export async function enqueueSiteIndex(deps: { prisma: Prisma; now?: () => Date }, key: SiteJobKey): Promise<void> {
  // A full read, not only the changes of a WordPress site: asked for before the job is due, so a reader that claims it
  // sees the request (a read already under way cleared its own request when it began).
  await deps.prisma.siteIndexJob.updateMany({
    where: { platform: key.platform, connectionId: key.connectionId },
    data: { fullReadAsked: true },
  });
  await enqueueSiteJob(deps, SITE_INDEX_QUEUE, key);
}

/** Asks for the site's posts to be analysed now: its index has just been read. */
export function enqueueSitePosts(deps: { prisma: Prisma; now?: () => Date }, key: SiteJobKey): Promise<void> {
  return enqueueSiteJob(deps, SITE_POSTS_QUEUE, key);
}

/** Asks for the site's Search Console figures to be read now: connected, or a property chosen. */
export function enqueueSearchConsole(deps: { prisma: Prisma; now?: () => Date }, key: SiteJobKey): Promise<void> {
  return enqueueSiteJob(deps, SEARCH_CONSOLE_QUEUE, key);
}

/**
 * A site turned on again (connected again, or back in use when the site that replaced it was removed): its Search
 * Console figures, not read while it was off, are read now. Only a job it already has is asked for (connecting Search
 * Console queues the first one).
 */
export async function resumeSearchConsole(deps: { prisma: Prisma; now?: () => Date }, key: SiteJobKey): Promise<void> {
  const resumed = await deps.prisma.searchConsoleJob.updateMany({
    where: { userId: key.userId, platform: key.platform, connectionId: key.connectionId },
    data: { nextAttemptAt: deps.now?.() ?? new Date(), attempts: 0 },
  });
  if (resumed.count > 0) notifyJobQueued(deps.prisma, SEARCH_CONSOLE_QUEUE);
}

/**
 * A site connected or reconnected, whichever way: its pages are read at once (so the first post links into it) and its
 * Search Console figures, not read while it was off, read again. Neither failing stops the connection: the indexer's
 * repair round queues the index, and Search Console is read on its daily turn (a warning is logged when a logger is
 * given).
 */
export async function queueConnectedSiteReads(
  deps: { prisma: Prisma; now?: () => Date; logger?: Logger },
  key: SiteJobKey,
): Promise<void> {
  const site = key.platform === "shopify" ? "store" : "site";
  await enqueueSiteIndex(deps, key).catch((err: unknown) =>
    deps.logger?.warn(
      { err, userId: key.userId },
      `could not queue the ${site}'s index; the indexer's repair round queues it`,
    ),
  );
  await resumeSearchConsole(deps, key).catch((err: unknown) =>
    deps.logger?.warn(
      { err, userId: key.userId },
      `could not queue the ${site}'s Search Console read; it is read on its daily turn`,
    ),
  );
}
