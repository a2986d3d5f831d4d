// Loads the rows a claim just took, with their posts, keeping only those still held by the claim's token, and fixes
// the handle of those claimed for the first time.
import type { Database } from "../db/index.ts";
import { assignPublicationHandles } from "./assign-publication-handles.ts";
import type { ClaimedPublication } from "./types.ts";

export async function readClaimedPublications(db: Database, ids: number[], owner: string): Promise<ClaimedPublication[]> {
  if (!ids.length) return [];
  const rows = await db.prisma.postPublication.findMany({
    where: { id: { in: ids }, leaseOwner: owner, status: "publishing" },
    include: { post: { include: { user: { select: { firstName: true, lastName: true } } } } },
    orderBy: [{ dueAt: "asc" }, { id: "asc" }],
  });
  return assignPublicationHandles(
    db,
    rows.map((row) => ({ ...row, leaseOwner: owner })),
    owner,
  );
}
