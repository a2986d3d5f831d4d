// The index of the one WordPress site a plugin speaks for (its site credential's connection), with its state in the
// words every surface uses: what the plugin's connection panel shows, and its Retry.
import type { PluginSiteIndexResponse } from "../../contracts/site-index.ts";
import { describeSiteIndexStatus } from "../../contracts/site-index.ts";
import type { Prisma } from "../../db/index.ts";
import { enqueueSiteIndex } from "../../jobs/site-queues.ts";
import { toSiteIndexStatus } from "../get-site-index-status.ts";

type Site = { userId: number; connectionId: number };

export async function getPluginSiteIndex(
  deps: { prisma: Prisma; now?: () => Date },
  site: Site,
): Promise<PluginSiteIndexResponse> {
  const { prisma } = deps;
  const connection = await prisma.wordpressConnection.findFirst({
    where: { id: site.connectionId, userId: site.userId },
  });
  if (!connection?.isActive) return { site: null, words: null };
  const job = await prisma.siteIndexJob.findUnique({
    where: { platform_connectionId: { platform: "wordpress", connectionId: connection.id } },
  });
  const status = toSiteIndexStatus({ platform: "wordpress", ...connection }, job);
  return { site: status, words: describeSiteIndexStatus(status, (deps.now?.() ?? new Date()).getTime()) };
}

/** The plugin's Retry: queues a new read of its own site (one in progress finishes first) and answers the state. */
export async function refreshPluginSiteIndex(
  deps: { prisma: Prisma; now?: () => Date },
  site: Site,
): Promise<PluginSiteIndexResponse> {
  const before = await getPluginSiteIndex(deps, site);
  if (before.site) {
    await enqueueSiteIndex(deps, { userId: site.userId, platform: "wordpress", connectionId: site.connectionId });
  }
  return getPluginSiteIndex(deps, site);
}
