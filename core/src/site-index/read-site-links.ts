// The indexed pages of the owner's connected sites, as link candidates for a new post. Reading never refreshes the
// index (that happens in the background): a stale or empty index only means fewer links.
import type { Prisma } from "../db/index.ts";
import type { SiteLinkCandidate } from "./pick-site-links.ts";

export async function readSiteLinks(prisma: Prisma, userId: number): Promise<SiteLinkCandidate[]> {
  const rows = await prisma.siteIndexEntry.findMany({
    where: { userId },
    select: { url: true, title: true, kind: true },
    orderBy: { id: "asc" },
  });
  return rows;
}
