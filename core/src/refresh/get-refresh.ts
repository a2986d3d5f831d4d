// One of the owner's refreshes, as they see it.
import type { RefreshView } from "../contracts/refresh.ts";
import type { Prisma } from "../db/index.ts";
import { AppError } from "../errors/index.ts";
import { refreshView } from "./refresh-view.ts";
import { inScope, type RefreshScope } from "./types.ts";

export const refreshNotFound = () =>
  new AppError("NOT_FOUND", "This refresh does not exist, or it is not yours. Start again from Your posts.");

export async function getRefresh(
  deps: { prisma: Prisma },
  input: { userId: number; refreshId: number; site?: RefreshScope },
): Promise<RefreshView> {
  const row = await deps.prisma.postRefresh.findFirst({
    where: { id: input.refreshId, userId: input.userId, ...inScope(input.site) },
  });
  if (!row) throw refreshNotFound();
  return refreshView(row);
}
