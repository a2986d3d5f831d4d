// The owner chooses which of their Search Console properties is read for one of their sites (when none matched its
// address, or another fits better): that site's figures of the one read before are forgotten, and the new one is
// read at once. The owner's other sites keep theirs.
import { AppError, badRequest } from "../errors/index.ts";
import type { SearchConsoleProperty, SearchConsoleStatus } from "../contracts/search-console.ts";
import { enqueueSearchConsole } from "../jobs/site-queues.ts";
import { clearSearchFigures } from "./clear-search-figures.ts";
import { findSearchConsoleConnection } from "./find-search-console-connection.ts";
import { getSearchConsoleStatus } from "./get-search-console-status.ts";
import type { SearchConsoleDeps, SearchConsoleSiteInput } from "./types.ts";

export const NOT_CONNECTED = "Search Console is not connected for this site. Choose Connect Search Console first.";

export async function chooseSearchConsoleProperty(
  deps: SearchConsoleDeps,
  input: SearchConsoleSiteInput & { siteUrl: string },
): Promise<SearchConsoleStatus> {
  const { prisma } = deps;
  const found = await findSearchConsoleConnection(prisma, input);
  if (!found?.connection) throw new AppError("NOT_FOUND", NOT_CONNECTED);
  const { key, connection } = found;
  const properties = (Array.isArray(connection.properties)
    ? connection.properties
    : []) as unknown as SearchConsoleProperty[];
  const chosen = properties.find((p) => p.siteUrl === input.siteUrl);
  if (!chosen) throw badRequest("That is not one of the Search Console properties your Google account can read.");
  if (chosen.permissionLevel === "siteUnverifiedUser") {
    throw badRequest("Your Google account is not verified for that property, so its figures cannot be read.");
  }
  if (connection.propertyUrl !== chosen.siteUrl) {
    await prisma.searchConsoleConnection.updateMany({
      where: { id: connection.id, ...key },
      data: { propertyUrl: chosen.siteUrl, readAt: null },
    });
    await clearSearchFigures(prisma, key, deps.now?.() ?? new Date());
  }
  await enqueueSearchConsole({ prisma, now: deps.now }, key);
  // The same site, named exactly (the member's current site could change in between).
  return getSearchConsoleStatus(deps, { userId: key.userId, site: key });
}
