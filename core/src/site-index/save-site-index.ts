// Replaces one connection's site index with what was just read, bounded in size, in one transaction: a post being
// written meanwhile sees either the old index or the new one.
import type { Prisma } from "../db/index.ts";
import type { SiteLinkCandidate } from "./pick-site-links.ts";

/** The most pages kept per connection. */
export const SITE_INDEX_LIMIT = 2000;

export async function saveSiteIndex(
  prisma: Prisma,
  input: {
    userId: number;
    platform: "shopify" | "wordpress";
    connectionId: number;
    pages: SiteLinkCandidate[];
    now: Date;
  },
): Promise<number> {
  const unique = new Map<string, SiteLinkCandidate>();
  for (const page of input.pages)
    if (!unique.has(page.url) && unique.size < SITE_INDEX_LIMIT) unique.set(page.url, page);
  const { userId, platform, connectionId, now } = input;
  await prisma.$transaction([
    prisma.siteIndexEntry.deleteMany({ where: { userId, platform, connectionId } }),
    prisma.siteIndexEntry.createMany({
      data: [...unique.values()].map((page) => ({
        userId,
        platform,
        connectionId,
        kind: page.kind,
        url: page.url,
        title: page.title.slice(0, 300),
        indexedAt: now,
      })),
    }),
  ]);
  return unique.size;
}
