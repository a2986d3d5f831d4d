// Reads one claimed site into its index. After every page of results the reader renews its lease and writes how many
// pages it has read so far; a reader that finds its lease taken over stops at once. A site's first index is stored
// page by page as it is read, so a post written meanwhile already links to the pages read so far, and is complete
// once the last page is: only the pages an earlier failed try stored that this read no longer found are removed, not
// every row written again. A later read replaces the index only once it is complete, in one transaction, so a failed
// re-read keeps the index the site had.
// A failure is recorded with its reason for the owner and retried with a growing delay. A complete read queues the
// analysis of the site's posts (core/src/site-posts).
import type { Prisma } from "../db/index.ts";
import { isAppError } from "../errors/index.ts";
import { finishJob, renewJobLease, retryDelay } from "../jobs/index.ts";
import { enqueueSitePosts } from "../site-posts/enqueue-site-posts.ts";
import type { SiteLinkCandidate } from "./pick-site-links.ts";
import { readConnectionPages, type SiteConnection, type SiteIndexDeps } from "./read-connection-pages.ts";
import { SITE_INDEX_LIMIT, saveSiteIndex } from "./save-site-index.ts";
import {
  SITE_INDEX_LEASE_MS,
  SITE_INDEX_MAX_ATTEMPTS,
  SITE_INDEX_QUEUE,
  SITE_INDEX_RETRY,
  SITE_INDEX_STALE_AFTER_MS,
} from "./site-index-jobs.ts";

export type SiteIndexOutcome = "ready" | "failed" | "lost" | "removed";

class LeaseLost extends Error {
  override name = "LeaseLost";
}

/** Locks the job's row for the transaction, failing (division by zero) unless `owner` still holds it. */
const holdJob = (prisma: Prisma, id: number, owner: string) =>
  prisma.$queryRawUnsafe(
    `SELECT 1 / count(*)::int AS held FROM (
       SELECT id FROM "site_index_jobs" WHERE id = $1 AND "leaseOwner" = $2 AND "state" = 'reading' FOR UPDATE
     ) AS job`,
    id,
    owner,
  );

const UNEXPECTED = "The pages could not be read because of an error on our side. They are read again shortly.";

export async function runSiteIndexJob(
  deps: SiteIndexDeps,
  input: { jobId: number; owner: string; leaseMs?: number },
): Promise<SiteIndexOutcome> {
  const { prisma } = deps;
  const clock = () => deps.now?.() ?? new Date();
  const { jobId: id, owner } = input;
  const leaseMs = input.leaseMs ?? SITE_INDEX_LEASE_MS;
  const job = await prisma.siteIndexJob.findUnique({ where: { id } });
  if (!job || job.leaseOwner !== owner) return "lost";
  const where = { id: job.connectionId, userId: job.userId };
  const site: SiteConnection | null =
    job.platform === "shopify"
      ? await prisma.shopifyConnection
          .findFirst({ where })
          .then((connection) => (connection ? { platform: "shopify", connection } : null))
      : await prisma.wordpressConnection
          .findFirst({ where })
          .then((connection) => (connection ? { platform: "wordpress", connection } : null));
  if (!site || !site.connection.isActive) {
    // Disconnected, or replaced by another site of the owner's: nothing to read (a reconnection queues it again).
    await prisma.siteIndexJob.deleteMany({ where: { id, leaseOwner: owner } });
    return "removed";
  }
  const key = { userId: job.userId, platform: site.platform, connectionId: job.connectionId };

  // A first index is stored as it is read: the pages a failed earlier try stored are kept and not stored twice.
  const firstIndex = job.indexedAt === null;
  // A job's pagesIndexed counts a first index's pages before they are stored (and again when a try fails): none
  // counted, none stored, and there is nothing to look up.
  const storedBefore =
    firstIndex && job.pagesIndexed > 0
      ? await prisma.siteIndexEntry.findMany({ where: key, select: { url: true, title: true, kind: true } })
      : [];
  const stored = new Set(storedBefore.map((e) => e.url));
  const onPage = async (found: readonly SiteLinkCandidate[]) => {
    const now = clock();
    const fresh = firstIndex
      ? found.filter((page) => !stored.has(page.url) && stored.size < SITE_INDEX_LIMIT && stored.add(page.url))
      : [];
    const set = { pagesRead: found.length, ...(firstIndex ? { pagesIndexed: stored.size } : {}) };
    if (!(await renewJobLease(prisma, SITE_INDEX_QUEUE, { id, owner, now, leaseMs, set }))) throw new LeaseLost();
    if (fresh.length > 0) {
      await prisma.siteIndexEntry.createMany({
        data: fresh.map((page) => ({
          ...key,
          kind: page.kind,
          url: page.url,
          title: page.title.slice(0, 300),
          indexedAt: now,
        })),
      });
    }
  };

  try {
    const pages = await readConnectionPages(deps, site, onPage);
    const now = clock();
    // Replaced only while the site is still ours: the job's row is locked first (a disconnection, which deletes
    // it, waits or is waited for), and a reader that lost the site or a site disconnected meanwhile writes nothing.
    let saved: number;
    try {
      saved = firstIndex
        ? await completeFirstIndex(prisma, {
            ...key,
            pages,
            now,
            stored,
            storedBefore,
            guard: () => holdJob(prisma, id, owner),
          })
        : await saveSiteIndex(prisma, { ...key, pages, now, guard: (client) => holdJob(client, id, owner) });
    } catch (error) {
      if (error instanceof Error && /division by zero/i.test(error.message)) return "lost";
      throw error;
    }
    const finished = await finishJob(prisma, SITE_INDEX_QUEUE, {
      id,
      owner,
      now,
      state: "ready",
      dueAt: new Date(now.getTime() + SITE_INDEX_STALE_AFTER_MS),
      set: { pagesRead: pages.length, pagesIndexed: saved, indexedAt: now, lastError: null, attempts: 0 },
    });
    if (!finished) return "lost";
    // The site's posts are analysed against the pages just read ("Your posts"), in their own job.
    await enqueueSitePosts({ prisma, now: clock }, key);
    return "ready";
  } catch (error) {
    if (error instanceof LeaseLost) return "lost";
    const now = clock();
    const message = isAppError(error) ? error.message : UNEXPECTED;
    if (!isAppError(error)) deps.logger?.warn({ err: error, jobId: id }, "a site index read failed unexpectedly");
    const delay =
      job.attempts >= SITE_INDEX_MAX_ATTEMPTS ? SITE_INDEX_STALE_AFTER_MS : retryDelay(job.attempts, SITE_INDEX_RETRY);
    const pagesIndexed = firstIndex ? stored.size : job.pagesIndexed;
    await finishJob(prisma, SITE_INDEX_QUEUE, {
      id,
      owner,
      now,
      state: "failed",
      dueAt: new Date(now.getTime() + delay),
      set: { lastError: message, pagesIndexed },
    });
    return "failed";
  }
}

/**
 * Completes a first index stored page by page as it was read: the read's pages not stored yet are added and the pages
 * an earlier failed try stored that this read did not find are removed, in one transaction guarded like a
 * replacement; when there is neither (the usual case), nothing is written. Returns the pages the index holds.
 */
async function completeFirstIndex(
  prisma: Prisma,
  input: {
    userId: number;
    platform: "shopify" | "wordpress";
    connectionId: number;
    pages: readonly SiteLinkCandidate[];
    now: Date;
    /** The URLs stored so far (this read's and an earlier try's). */
    stored: Set<string>;
    /** The pages an earlier try had stored when this read began. */
    storedBefore: readonly SiteLinkCandidate[];
    guard: () => ReturnType<typeof holdJob>;
  },
): Promise<number> {
  const { userId, platform, connectionId, now } = input;
  const key = { userId, platform, connectionId };
  const kept = new Map<string, SiteLinkCandidate>();
  for (const page of input.pages) if (!kept.has(page.url) && kept.size < SITE_INDEX_LIMIT) kept.set(page.url, page);
  // An earlier try's page that this read found otherwise (renamed) is stored again as found.
  const changed = new Set(
    input.storedBefore
      .filter((page) => {
        const now = kept.get(page.url);
        return now && (now.title.slice(0, 300) !== page.title || now.kind !== page.kind);
      })
      .map((page) => page.url),
  );
  const missing = [...kept.values()].filter((page) => !input.stored.has(page.url) || changed.has(page.url));
  const gone = input.storedBefore.map((page) => page.url).filter((url) => !kept.has(url) || changed.has(url));
  if (missing.length === 0 && gone.length === 0) return kept.size;
  const writes = [];
  for (let i = 0; i < gone.length; i += 1000) {
    writes.push(prisma.siteIndexEntry.deleteMany({ where: { ...key, url: { in: gone.slice(i, i + 1000) } } }));
  }
  for (let i = 0; i < missing.length; i += 1000) {
    writes.push(
      prisma.siteIndexEntry.createMany({
        data: missing.slice(i, i + 1000).map((page) => ({
          ...key,
          kind: page.kind,
          url: page.url,
          title: page.title.slice(0, 300),
          indexedAt: now,
        })),
      }),
    );
  }
  await prisma.$transaction([input.guard(), ...writes]);
  return kept.size;
}
