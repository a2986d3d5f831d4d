// Taking a refresh for a publish (proposed -> publishing) or a restore (published -> restoring), once: two clicks, or
// two instances, never both write to the site. A claim whose process died lapses after 10 minutes (far beyond a
// publication's requests and their timeouts), so the refresh can be published or restored again.
import type { Prisma, PostRefresh } from "../db/index.ts";

export const CLAIM_LAPSES_MS = 10 * 60_000;

const claims = { publishing: "proposed", restoring: "published" } as const;

/** The refresh's state, a lapsed claim read as the state it was taken from. */
export function settledState(row: PostRefresh, now: Date): string {
  const from = claims[row.state as keyof typeof claims];
  const lapsed = !row.claimedAt || now.getTime() - row.claimedAt.getTime() > CLAIM_LAPSES_MS;
  return from && lapsed ? from : row.state;
}

export async function claimRefresh(
  prisma: Prisma,
  input: { id: number; userId: number; claim: keyof typeof claims; now: Date },
): Promise<boolean> {
  const { count } = await prisma.postRefresh.updateMany({
    where: {
      id: input.id,
      userId: input.userId,
      OR: [
        { state: claims[input.claim] },
        { state: input.claim, claimedAt: { lt: new Date(input.now.getTime() - CLAIM_LAPSES_MS) } },
      ],
    },
    data: { state: input.claim, claimedAt: input.now },
  });
  return count === 1;
}
