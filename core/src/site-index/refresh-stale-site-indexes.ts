// The background half of the site index: the owners whose connected site was not read for a day (or never) get
// their index refreshed, a few per run, one after another. A site that fails is logged and tried at a later run.
import type { ConnectionDeps } from "../connections/types.ts";
import { type Logger, silentLogger } from "../logger.ts";
import { refreshSiteIndex } from "./refresh-site-index.ts";

export const SITE_INDEX_STALE_AFTER_MS = 24 * 60 * 60 * 1000;

export async function refreshStaleSiteIndexes(
  deps: Pick<ConnectionDeps, "prisma" | "encryptionKey" | "fetch" | "shopifyApiBaseUrl" | "shopifyPacer"> &
    Partial<Pick<ConnectionDeps, "shopifyApp">> & {
    logger?: Logger;
    now?: () => Date;
  },
  input: { staleAfterMs?: number; maxSites?: number } = {},
): Promise<number> {
  const logger = deps.logger ?? silentLogger;
  const now = deps.now?.() ?? new Date();
  const freshSince = new Date(now.getTime() - (input.staleAfterMs ?? SITE_INDEX_STALE_AFTER_MS));
  const active = { where: { isActive: true }, select: { id: true, userId: true }, orderBy: { id: "asc" as const } };
  const connections = [
    ...(await deps.prisma.shopifyConnection.findMany(active)).map((c) => ({ ...c, platform: "shopify" })),
    ...(await deps.prisma.wordpressConnection.findMany(active)).map((c) => ({ ...c, platform: "wordpress" })),
  ];
  const fresh = await deps.prisma.siteIndexEntry.findMany({
    where: { indexedAt: { gte: freshSince } },
    select: { platform: true, connectionId: true },
    distinct: ["platform", "connectionId"],
  });
  const freshIds = new Set(fresh.map((row) => `${row.platform}:${row.connectionId}`));
  const users = [
    ...new Set(connections.filter((c) => !freshIds.has(`${c.platform}:${c.id}`)).map((c) => c.userId)),
  ].slice(0, input.maxSites ?? 20);
  let refreshed = 0;
  for (const userId of users) {
    try {
      await refreshSiteIndex(deps, { userId });
      refreshed++;
    } catch (error) {
      logger.warn({ err: error, userId }, "could not refresh a site index; it is tried again later");
    }
  }
  return refreshed;
}
