// What "Your posts" shows of Search Console: whether this server can connect it, and the member's connection (its
// state, the property read and the ones to choose from, the last read and why it failed). A connection whose site
// was disconnected since asks to reconnect, which binds it to the member's site now connected.
import type { SearchConsoleProperty, SearchConsoleStatus } from "../contracts/search-console.ts";
import { findSiteConnection } from "../site-index/site-connection.ts";
import { forScope, type SearchConsoleDeps, type SearchConsoleScope } from "./types.ts";

export const SITE_GONE =
  "The site Search Console was connected for is no longer connected. Choose Reconnect Search Console to read the figures of the site you use now.";

export async function getSearchConsoleStatus(
  deps: Pick<SearchConsoleDeps, "prisma" | "google">,
  input: { userId: number; site?: SearchConsoleScope },
): Promise<SearchConsoleStatus> {
  const { prisma } = deps;
  const connection = await prisma.searchConsoleConnection.findUnique({ where: { userId: input.userId } });
  if (!connection || !forScope(connection, input.site)) return { configured: Boolean(deps.google), connection: null };
  const platform: "shopify" | "wordpress" = connection.platform === "shopify" ? "shopify" : "wordpress";
  const key = { userId: input.userId, platform, connectionId: connection.connectionId };
  const [job, site] = await Promise.all([
    prisma.searchConsoleJob.findFirst({ where: key }),
    findSiteConnection(prisma, key),
  ]);
  const siteGone = !site?.connection.isActive;
  const reconnect = connection.state === "reconnect" || siteGone;
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
      error: siteGone ? SITE_GONE : reconnect ? connection.lastError : job?.state === "failed" ? job.lastError : null,
    },
  };
}
