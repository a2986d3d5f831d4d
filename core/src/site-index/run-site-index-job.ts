// Reads one claimed site into its index (a site job, core/src/jobs/site-job.ts). After every page of results the
// reader renews its lease and writes how many pages it has read so far; a reader that finds its lease taken over stops
// at once. A site's first index is stored page by page as it is read, so a post written meanwhile already links to
// the pages read so far, and is complete once the last page is: only the pages an earlier failed try stored that this
// read no longer found are removed, not every row written again. A later read replaces the index only once it is
// complete, in one transaction, so a failed re-read keeps the index the site had.
// A failure is recorded with its reason for the owner and retried with a growing delay. A complete read queues the
// analysis of the site's posts (core/src/site-posts).
// A WordPress site connected with an application password has no plugin to tell us what changed, and a Shopify store's
// webhooks (when it has them: not with a pasted token) cover only products and collections: between their daily full
// reads such sites are asked every few minutes what changed since the last time (readWordpressSiteChanges,
// readShopifySiteChanges), and each change is applied as a change notice would be. A connection, a reconnection or
// the owner's "Read pages again" always asks for a full read. A failed read is retried as the same kind of read: a
// full read (asked for, or the daily one) until one succeeds, a changes read as a changes read.
import type { Prisma, SiteIndexJob } from "../db/index.ts";
import { runSiteJob, type holdJob, type SiteJobOutcome } from "../jobs/site-job.ts";
import { enqueueSitePosts } from "../jobs/site-queues.ts";
import type { SiteLinkCandidate } from "./pick-site-links.ts";
import { applySiteIndexChange, type SiteItemChange } from "./apply-site-index-change.ts";
import { readConnectionPages } from "./read-connection-pages.ts";
import { readShopifySiteChanges, type ShopifyContentCounts } from "./shopify/read-shopify-site-changes.ts";
import { readWordpressSiteChanges } from "./wordpress/read-wordpress-site-changes.ts";
import { indexColumns, SITE_INDEX_LIMIT, saveSiteIndex } from "./save-site-index.ts";
import { findSiteConnection, readFromSite, type SiteConnection, type SiteIndexDeps } from "./site-connection.ts";
import { SITE_INDEX_CHANGES_EVERY_MS, SITE_INDEX_JOB, SITE_INDEX_STALE_AFTER_MS } from "./site-index-jobs.ts";

/** How far before a full read's start its site's changes are read next (clocks of two machines differ). */
const CLOCK_MARGIN_MS = 5 * 60_000;

/**
 * Whether the site is asked what changed between full reads: a Shopify store, and a WordPress site connected with an
 * application password (the plugin says itself what changed).
 */
const readsChanges = (site: SiteConnection) =>
  site.platform === "shopify" || (site.connection.via !== "plugin" && site.connection.applicationPassword !== "");

/** A changes read instead of a full one: the site reads changes, has a complete index that is not due, and no one asked. */
function changesOnly(job: SiteIndexJob, site: SiteConnection, now: Date): job is SiteIndexJob & { changesSince: Date } {
  return (
    readsChanges(site) &&
    !job.fullReadAsked &&
    job.changesSince !== null &&
    job.indexedAt !== null &&
    now.getTime() - job.indexedAt.getTime() < SITE_INDEX_STALE_AFTER_MS
  );
}

export type SiteIndexOutcome = SiteJobOutcome;

export function runSiteIndexJob(
  deps: SiteIndexDeps,
  input: { jobId: number; owner: string; leaseMs?: number },
): Promise<SiteIndexOutcome> {
  const { prisma } = deps;
  return runSiteJob(deps, SITE_INDEX_JOB, input, {
    load: (id) => prisma.siteIndexJob.findUnique({ where: { id } }),
    find: (key) => findSiteConnection(prisma, key),
    unexpected: "The pages could not be read because of an error on our side. They are read again shortly.",
    logMessage: "a site index read failed unexpectedly",
    async work({ job, site, key, now, renew, hold, onFailure }) {
      const startedAt = now();
      if (changesOnly(job, site, startedAt)) {
        // The owner sees the index as it is, being checked for changes, not as being read again.
        await renew({ checkingChanges: true });
        onFailure(() => ({ checkingChanges: false }));
        return readChanges(deps, { job, site, key, now });
      }
      // This read answers every request made so far; one made while it runs asks for another.
      if (job.fullReadAsked || job.checkingChanges) await renew({ fullReadAsked: false, checkingChanges: false });
      // A first index is stored as it is read: the pages a failed earlier try stored are kept and not stored twice.
      const firstIndex = job.indexedAt === null;
      // A job's pagesIndexed counts a first index's pages before they are stored (and again when a try fails): none
      // counted, none stored, and there is nothing to look up.
      const storedBefore =
        firstIndex && job.pagesIndexed > 0
          ? await prisma.siteIndexEntry.findMany({ where: key, select: { url: true, title: true, kind: true } })
          : [];
      const stored = new Set(storedBefore.map((e) => e.url));
      // A failed full read is retried as a full read (the request it answered stands until one succeeds).
      onFailure(() => ({
        pagesIndexed: firstIndex ? stored.size : job.pagesIndexed,
        checkingChanges: false,
        fullReadAsked: true,
      }));
      const onPage = async (found: readonly SiteLinkCandidate[]) => {
        const fresh = firstIndex
          ? found.filter((page) => !stored.has(page.url) && stored.size < SITE_INDEX_LIMIT && stored.add(page.url))
          : [];
        await renew({ pagesRead: found.length, ...(firstIndex ? { pagesIndexed: stored.size } : {}) });
        if (fresh.length > 0) {
          const at = now();
          await prisma.siteIndexEntry.createMany({
            data: fresh.map((page) => ({
              ...key,
              ...indexColumns(page),
              indexedAt: at,
            })),
          });
        }
      };
      const pages = await readConnectionPages(deps, site, onPage);
      const at = now();
      // Replaced only while the site is still ours: the job's row is locked first (a disconnection, which deletes
      // it, waits or is waited for), and a reader that lost the site or a site disconnected meanwhile writes nothing.
      const saved = firstIndex
        ? await completeFirstIndex(prisma, { ...key, pages, now: at, stored, storedBefore, guard: () => hold() })
        : await saveSiteIndex(prisma, { ...key, pages, now: at, guard: (client) => hold(client) });
      return {
        set: {
          pagesRead: pages.length,
          pagesIndexed: saved,
          indexedAt: at,
          changesSince: readsChanges(site) ? new Date(startedAt.getTime() - CLOCK_MARGIN_MS) : null,
        },
        dueInMs: readsChanges(site) ? SITE_INDEX_CHANGES_EVERY_MS : undefined,
        // The site's posts are analysed against the pages just read ("Your posts"), in their own job.
        afterward: () => enqueueSitePosts({ prisma, now }, key),
      };
    },
  });
}

/**
 * Applies what changed on the site since the last read, each item as its own change (a change already applied, or an
 * older one, changes nothing), and says when the next read is due: in a few minutes, or at the full read if sooner.
 */
async function readChanges(
  deps: SiteIndexDeps,
  run: {
    job: SiteIndexJob & { changesSince: Date; indexedAt: Date | null };
    site: SiteConnection;
    key: { userId: number; platform: "shopify" | "wordpress"; connectionId: number };
    now: () => Date;
  },
) {
  const { prisma } = deps;
  const { job, site, key, now } = run;
  const startedAt = now();
  /** The ids of the index's items of one kind (entries read before ids were kept have none, and are left out). */
  const indexed = async (kind: string) =>
    new Set(
      (
        await prisma.siteIndexEntry.findMany({
          where: { ...key, kind, sourceId: { not: null } },
          select: { sourceId: true },
        })
      ).map((entry) => entry.sourceId!),
    );
  const counts =
    job.changesCountedAt !== null
      ? { at: job.changesCountedAt, pages: job.pagesCounted, articles: job.articlesCounted }
      : null;
  const read = await readFromSite<{
    changes: SiteItemChange[];
    nextSince: Date;
    counts?: ShopifyContentCounts | null;
  }>(
    deps,
    site,
    { shopify: "pages", wordpress: "pages", afterFailure: "The links already known are kept." },
    {
      shopify: (client, store) =>
        readShopifySiteChanges(client, { ...store, since: job.changesSince, now: startedAt, counts, indexed }),
      wordpress: (client, credentials) =>
        readWordpressSiteChanges(client, {
          credentials,
          since: job.changesSince,
          indexed,
          indexedCategories: async () =>
            (
              await prisma.siteIndexEntry.findMany({
                where: { ...key, kind: "category", sourceId: { not: null } },
                select: { sourceId: true, url: true, title: true },
              })
            ).map((entry) => ({ sourceId: entry.sourceId!, url: entry.url, title: entry.title })),
          indexedProducts: async () =>
            (
              await prisma.siteIndexEntry.findMany({
                where: { ...key, kind: "product", sourceId: { not: null } },
                select: { sourceId: true, url: true, title: true, imageUrl: true, imageAlt: true },
              })
            ).map((entry) => ({ ...entry, sourceId: entry.sourceId! })),
        }),
    },
  );
  const counted = read.counts ?? null;
  let applied = 0;
  for (const change of read.changes) {
    const outcome = await prisma.$transaction((tx) => applySiteIndexChange(tx, { ...key, ...change }));
    if (outcome === "applied") applied += 1;
  }
  const fullReadDue = (job.indexedAt?.getTime() ?? 0) + SITE_INDEX_STALE_AFTER_MS - now().getTime();
  return {
    set: {
      changesSince: read.nextSince,
      checkingChanges: false,
      ...(counted
        ? { changesCountedAt: counted.at, pagesCounted: counted.pages, articlesCounted: counted.articles }
        : {}),
    },
    dueInMs: Math.min(SITE_INDEX_CHANGES_EVERY_MS, fullReadDue),
    // The posts' analysis follows the pages it links to.
    afterward: applied > 0 ? () => enqueueSitePosts({ prisma, now }, key) : undefined,
  };
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
          ...indexColumns(page),
          indexedAt: now,
        })),
      }),
    );
  }
  await prisma.$transaction([input.guard(), ...writes]);
  return kept.size;
}
