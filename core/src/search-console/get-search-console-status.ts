// What "Your posts" shows of Search Console: whether this server can connect it, and the member's connection (its
// state, the property read and the ones to choose from, the last read and why it failed).
import type { SearchConsoleProperty, SearchConsoleStatus } from "../contracts/search-console.ts";
import type { SearchConsoleDeps } from "./types.ts";

export async function getSearchConsoleStatus(
  deps: Pick<SearchConsoleDeps, "prisma" | "google">,
  input: { userId: number },
): Promise<SearchConsoleStatus> {
  const { prisma } = deps;
  const connection = await prisma.searchConsoleConnection.findUnique({ where: { userId: input.userId } });
  if (!connection) return { configured: Boolean(deps.google), connection: null };
  const platform = connection.platform === "shopify" ? "shopify" : "wordpress";
  const job = await prisma.searchConsoleJob.findFirst({
    where: { userId: input.userId, platform, connectionId: connection.connectionId },
  });
  const reconnect = connection.state === "reconnect";
  const reading = (job?.state ?? null) as NonNullable<SearchConsoleStatus["connection"]>["reading"];
  return {
    configured: Boolean(deps.google),
    connection: {
      state: reconnect ? "reconnect" : "connected",
      platform,
      connectionId: connection.connectionId,
      property: connection.propertyUrl,
      properties: Array.isArray(connection.properties)
        ? (connection.properties as unknown as SearchConsoleProperty[])
        : [],
      reading,
      readAt: connection.readAt?.toISOString() ?? null,
      error: reconnect ? connection.lastError : job?.state === "failed" ? job.lastError : null,
    },
  };
}
