// Applies one change notice to a connected site's index, so a change reaches it within moments instead of at the
// next full read (which becomes a repair, once a day): a Shopify product or collection webhook, or a WordPress post,
// page or category the plugin says changed. Notices may come twice and out of order: the last change applied to each
// item is kept (site_index_changes), a notice no newer than it changes nothing, and a removed item stays removed
// (neither platform reuses an id). While a site's first index is being read, only the change is recorded: the first
// read sees the item as it is now, and storing it twice would fail that read.
import type { PrismaNamespace } from "../db/index.ts";
import type { SiteLinkCandidate } from "./pick-site-links.ts";
import { indexColumns, SITE_INDEX_LIMIT } from "./save-site-index.ts";

type Tx = PrismaNamespace.TransactionClient;

export interface SiteIndexChangeInput {
  userId: number;
  platform: "shopify" | "wordpress";
  connectionId: number;
  /** The item's kind and id on its platform ("product:8012", "post:42"). */
  sourceId: string;
  /** When the item changed, as its platform says (for a removal, when it was removed). */
  changedAt: Date;
  /** The item's page now, or null when it is not linkable (a draft, unpublished, hidden from the online store). */
  page: SiteLinkCandidate | null;
  /** Where the item's page is (or would be) when it is not linkable, so a page the full read indexed is removed. */
  address?: string | null;
  /** The item was deleted. */
  removed?: boolean;
}

/** A change of one item as a reader of the site finds it (the site's key is the job's). */
export type SiteItemChange = Omit<SiteIndexChangeInput, "userId" | "connectionId" | "platform">;

/** applied: the index follows the notice; stale: a newer change (or the removal) was applied already. */
export type SiteIndexChangeOutcome = "applied" | "stale";

/** Applies `input` within the transaction `tx` (the caller's, so the notice's record and its effect commit together). */
export async function applySiteIndexChange(tx: Tx, input: SiteIndexChangeInput): Promise<SiteIndexChangeOutcome> {
  const { userId, platform, connectionId, sourceId, changedAt } = input;
  // One row per item, created if new, then locked: two deliveries of the same item are applied one after the other.
  await tx.$executeRawUnsafe(
    `INSERT INTO "site_index_changes" ("platform", "connectionId", "sourceId", "changedAt", "updatedAt")
     VALUES ($1, $2, $3, to_timestamp(0) AT TIME ZONE 'UTC', now() AT TIME ZONE 'UTC')
     ON CONFLICT ("platform", "connectionId", "sourceId") DO NOTHING`,
    platform,
    connectionId,
    sourceId,
  );
  await tx.$queryRawUnsafe(
    `SELECT "id" FROM "site_index_changes" WHERE "platform" = $1 AND "connectionId" = $2 AND "sourceId" = $3 FOR UPDATE`,
    platform,
    connectionId,
    sourceId,
  );
  const last = await tx.siteIndexChange.findUnique({
    where: { platform_connectionId_sourceId: { platform, connectionId, sourceId } },
  });
  if (!last || last.removed) return "stale";
  if (!input.removed && last.changedAt.getTime() >= changedAt.getTime()) return "stale";

  const page = input.removed ? null : input.page;
  await tx.siteIndexChange.update({
    where: { id: last.id },
    data: { changedAt, url: page?.url ?? null, removed: input.removed ?? false },
  });

  const job = await tx.siteIndexJob.findUnique({ where: { platform_connectionId: { platform, connectionId } } });
  if (!job?.indexedAt) return "applied";

  const key = { userId, platform, connectionId };
  const gone = [last.url, page ? null : (input.address ?? null)].filter(
    (url): url is string => url !== null && url !== page?.url,
  );
  if (gone.length > 0) await tx.siteIndexEntry.deleteMany({ where: { ...key, url: { in: gone } } });
  // Wherever the index has the item (a deletion is known only by its id), except at its address now.
  await tx.siteIndexEntry.deleteMany({ where: { ...key, sourceId, ...(page ? { url: { not: page.url } } : {}) } });
  if (page) {
    const existing = await tx.siteIndexEntry.findUnique({
      where: { platform_connectionId_url: { platform, connectionId, url: page.url } },
      select: { id: true },
    });
    // A changed page is stored as a new row (a higher id), which every instance's cache of the index notices
    // (readSiteLinks compares the count and the highest id).
    if (existing) await tx.siteIndexEntry.delete({ where: { id: existing.id } });
    if (existing || (await tx.siteIndexEntry.count({ where: key })) < SITE_INDEX_LIMIT) {
      await tx.siteIndexEntry.create({
        data: { ...key, ...indexColumns(page), indexedAt: changedAt, sourceId },
      });
    }
  }
  await tx.siteIndexJob.update({
    where: { id: job.id },
    data: { pagesIndexed: await tx.siteIndexEntry.count({ where: key }) },
  });
  return "applied";
}
