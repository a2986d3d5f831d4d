// What "Your posts" shows of Search Console for one of the member's sites (the plugin's own, or the member's site in
// question): whether this server can connect it, and that site's connection (its state, the property read and the
// ones to choose from, the last read and why it failed). Another site's connection is never shown. The connection of
// a site turned off on the service (the plugin still asks for its own) is "off": its figures are not read until it is
// turned on again, with no reconnecting.
import type { SearchConsoleProperty, SearchConsoleStatus } from "../contracts/search-console.ts";
import { findSiteConnection } from "../site-index/site-connection.ts";
import { findSearchConsoleConnection } from "./find-search-console-connection.ts";
import type { SearchConsoleDeps, SearchConsoleSiteInput } from "./types.ts";

export async function getSearchConsoleStatus(
  deps: Pick<SearchConsoleDeps, "prisma" | "google">,
  input: SearchConsoleSiteInput,
): Promise<SearchConsoleStatus> {
  const { prisma } = deps;
  const found = await findSearchConsoleConnection(prisma, input, { evenOff: true });
  const connection = found?.connection;
  if (!found || !connection) return { configured: Boolean(deps.google), connection: null };
  const { key } = found;
  const [job, site] = await Promise.all([
    prisma.searchConsoleJob.findFirst({ where: key }),
    findSiteConnection(prisma, key),
  ]);
  const off = !site?.connection.isActive;
  const reconnect = connection.state === "reconnect";
  const reading = (job?.state ?? null) as NonNullable<SearchConsoleStatus["connection"]>["reading"];
  return {
    configured: Boolean(deps.google),
    connection: {
      state: off ? "off" : reconnect ? "reconnect" : "connected",
      platform: key.platform,
      connectionId: key.connectionId,
      property: connection.propertyUrl,
      properties: Array.isArray(connection.properties)
        ? (connection.properties as unknown as SearchConsoleProperty[])
        : [],
      reading,
      readAt: connection.readAt?.toISOString() ?? null,
      error: off ? null : reconnect ? connection.lastError : job?.state === "failed" ? job.lastError : null,
    },
  };
}
