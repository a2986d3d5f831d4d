// The scores of a refresh with the items the owner ticks, computed on the server from the stored proposal (the same
// merge publishing uses); nothing is read from or sent to the site.
import type { RefreshScores } from "../contracts/refresh.ts";
import type { Prisma } from "../db/index.ts";
import { refreshNotFound } from "./get-refresh.ts";
import { refreshScores } from "./refresh-view.ts";
import { inScope, type RefreshScope } from "./types.ts";

export async function previewRefresh(
  deps: { prisma: Prisma },
  input: { userId: number; refreshId: number; itemIds: string[]; site?: RefreshScope },
): Promise<RefreshScores> {
  const row = await deps.prisma.postRefresh.findFirst({
    where: { id: input.refreshId, userId: input.userId, ...inScope(input.site) },
  });
  if (!row) throw refreshNotFound();
  return refreshScores(row, [...new Set(input.itemIds)]);
}
