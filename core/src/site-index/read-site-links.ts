// The indexed pages of the owner's connected sites, as link candidates for a new post. Reading never refreshes the
// index (that happens in the background): a stale or empty index only means fewer links.
//
// Every generation reads the whole index (up to 10,000 pages per connection), which takes longer than picking from
// it, so each process keeps the last indexes it read in memory (LRU) and checks them against the database on every
// read with one aggregate (the number of rows and the highest id): a refresh writes new rows with higher ids and a
// removed connection takes its rows, so any change is seen at once, by every instance.
import type { Prisma } from "../db/index.ts";
import type { SiteLinkCandidate } from "./pick-site-links.ts";

const CACHED_INDEXES = 64;
const caches = new WeakMap<Prisma, Map<number, { stamp: string; links: readonly SiteLinkCandidate[] }>>();

export async function readSiteLinks(prisma: Prisma, userId: number): Promise<readonly SiteLinkCandidate[]> {
  const stats = await prisma.siteIndexEntry.aggregate({
    where: { userId },
    _count: { _all: true },
    _max: { id: true },
  });
  const stamp = `${stats._count._all}:${stats._max.id ?? 0}`;
  let cache = caches.get(prisma);
  if (!cache) caches.set(prisma, (cache = new Map()));
  const cached = cache.get(userId);
  cache.delete(userId);
  if (cached?.stamp === stamp) {
    cache.set(userId, cached);
    return cached.links;
  }
  const rows = await prisma.siteIndexEntry.findMany({
    where: { userId },
    select: { url: true, title: true, kind: true, imageUrl: true, imageAlt: true },
    orderBy: { id: "asc" },
  });
  const links: SiteLinkCandidate[] = rows.map(({ imageUrl, imageAlt, ...page }) =>
    imageUrl ? { ...page, image: { url: imageUrl, alt: imageAlt ?? "" } } : page,
  );
  if (links.length > 0) {
    cache.set(userId, { stamp, links });
    if (cache.size > CACHED_INDEXES) cache.delete(cache.keys().next().value!);
  }
  return links;
}
