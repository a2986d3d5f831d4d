// One-time connect codes of the Postwright plugin that can no longer be exchanged (expired or used) are deleted: by
// each approval for its account, and periodically for every account. Returns how many rows went.
import type { Prisma, PrismaNamespace } from "../../db/index.ts";

type Client = Pick<PrismaNamespace.TransactionClient, "wordpressConnectCode">;

export async function pruneConnectCodes(
  deps: { prisma: Prisma | Client; now?: () => Date },
  scope: { userId?: number } = {},
): Promise<number> {
  const now = deps.now?.() ?? new Date();
  const { count } = await deps.prisma.wordpressConnectCode.deleteMany({
    where: {
      ...(scope.userId !== undefined ? { userId: scope.userId } : {}),
      OR: [{ expiresAt: { lte: now } }, { usedAt: { not: null } }],
    },
  });
  return count;
}
