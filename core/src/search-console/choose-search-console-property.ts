// The owner chooses which of their Search Console properties is read for the site (when none matched its address,
// or another fits better): figures of the one read before are forgotten, and the new one is read at once.
import { AppError, badRequest } from "../errors/index.ts";
import type { SearchConsoleProperty, SearchConsoleStatus } from "../contracts/search-console.ts";
import { enqueueSearchConsole } from "../jobs/site-queues.ts";
import { clearSearchFigures } from "./clear-search-figures.ts";
import { getSearchConsoleStatus } from "./get-search-console-status.ts";
import { forScope, type SearchConsoleDeps, type SearchConsoleScope } from "./types.ts";

export const NOT_CONNECTED = "Search Console is not connected. Choose Connect Search Console first.";

export async function chooseSearchConsoleProperty(
  deps: SearchConsoleDeps,
  input: { userId: number; siteUrl: string; site?: SearchConsoleScope },
): Promise<SearchConsoleStatus> {
  const { prisma } = deps;
  const connection = await prisma.searchConsoleConnection.findUnique({ where: { userId: input.userId } });
  if (!connection || !forScope(connection, input.site)) throw new AppError("NOT_FOUND", NOT_CONNECTED);
  const properties = (Array.isArray(connection.properties)
    ? connection.properties
    : []) as unknown as SearchConsoleProperty[];
  const chosen = properties.find((p) => p.siteUrl === input.siteUrl);
  if (!chosen) throw badRequest("That is not one of the Search Console properties your Google account can read.");
  if (chosen.permissionLevel === "siteUnverifiedUser") {
    throw badRequest("Your Google account is not verified for that property, so its figures cannot be read.");
  }
  const key = {
    userId: input.userId,
    platform: connection.platform === "shopify" ? ("shopify" as const) : ("wordpress" as const),
    connectionId: connection.connectionId,
  };
  if (connection.propertyUrl !== chosen.siteUrl) {
    await prisma.searchConsoleConnection.updateMany({
      where: { id: connection.id, userId: input.userId },
      data: { propertyUrl: chosen.siteUrl, readAt: null },
    });
    await clearSearchFigures(prisma, key, deps.now?.() ?? new Date());
  }
  await enqueueSearchConsole({ prisma, now: deps.now }, key);
  return getSearchConsoleStatus(deps, input);
}
