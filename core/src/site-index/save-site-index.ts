// Replaces one connection's site index with what was just read, bounded in size, in one transaction: a post being
// written meanwhile sees either the old index or the new one.
import type { Prisma, PrismaNamespace } from "../db/index.ts";

type PrismaPromise<T> = PrismaNamespace.PrismaPromise<T>;
import type { SiteLinkCandidate } from "./pick-site-links.ts";

/** The most pages kept per connection: a store of 5,000 products, its collections, pages and 1,000 articles fits. */
export const SITE_INDEX_LIMIT = 10_000;

/**
 * A page as the index keeps it: its kind, address, title (at most 300 characters), platform id, and image (an address
 * of at most 2,000 characters, an alt text of at most 300). Every writer of the index stores these, and a reader that
 * compares the site with the index compares them.
 */
export function indexColumns(page: SiteLinkCandidate) {
  const image = page.image?.url && page.image.url.length <= 2000 ? page.image : null;
  return {
    kind: page.kind,
    url: page.url,
    title: page.title.slice(0, 300),
    sourceId: page.sourceId ?? null,
    imageUrl: image?.url ?? null,
    imageAlt: image ? image.alt.slice(0, 300) : null,
  };
}

/** Rows per insert, well below PostgreSQL's 65,535 bound parameters per statement. */
const INSERT_CHUNK = 1000;

export async function saveSiteIndex(
  prisma: Prisma,
  input: {
    userId: number;
    platform: "shopify" | "wordpress";
    connectionId: number;
    pages: SiteLinkCandidate[];
    now: Date;
    /**
     * A first statement of the same transaction that fails when the index must not be replaced after all (the
     * site's reader lost its lease, the site was disconnected): then nothing is written.
     */
    guard?: (prisma: Prisma) => PrismaPromise<unknown>;
  },
): Promise<number> {
  const unique = new Map<string, SiteLinkCandidate>();
  for (const page of input.pages)
    if (!unique.has(page.url) && unique.size < SITE_INDEX_LIMIT) unique.set(page.url, page);
  const { userId, platform, connectionId, now } = input;
  const rows = [...unique.values()].map((page) => ({
    userId,
    platform,
    connectionId,
    ...indexColumns(page),
    indexedAt: now,
  }));
  const inserts = [];
  for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
    inserts.push(prisma.siteIndexEntry.createMany({ data: rows.slice(i, i + INSERT_CHUNK) }));
  }
  await prisma.$transaction([
    ...(input.guard ? [input.guard(prisma)] : []),
    prisma.siteIndexEntry.deleteMany({ where: { userId, platform, connectionId } }),
    ...inserts,
  ]);
  return unique.size;
}
