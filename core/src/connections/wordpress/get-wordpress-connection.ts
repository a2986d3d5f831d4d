import type { WordpressConnectionView } from "../../contracts/connections.ts";
import { toWordpressConnectionView } from "../connection-views.ts";
import { currentFirst } from "../current-connections.ts";
import type { ConnectionDeps } from "../types.ts";

/** The site the user publishes to (the dashboard's WordPress card), or null when none is connected. */
export async function getWordpressConnection(
  deps: Pick<ConnectionDeps, "prisma">,
  input: { userId: number },
): Promise<WordpressConnectionView | null> {
  const row = await deps.prisma.wordpressConnection.findFirst({
    where: { userId: input.userId },
    orderBy: currentFirst,
    include: { siteCredential: { select: { lastUsedAt: true } } },
  });
  return row ? toWordpressConnectionView(row) : null;
}
