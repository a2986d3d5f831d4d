// Reads the owner's current connections' pages again, at once, and stores them as the site index (bounded); a failure
// leaves the previous index in place. The service itself indexes through site index jobs (enqueueSiteIndex and the
// site indexer); this direct read is for measurements and tests that want an index built in the caller's time.
import { findCurrentShopifyConnection, findCurrentWordpressConnection } from "../connections/current-connections.ts";
import { readConnectionPages, type SiteIndexDeps } from "./read-connection-pages.ts";
import { saveSiteIndex } from "./save-site-index.ts";

export interface RefreshSiteIndexResult {
  platform: "shopify" | "wordpress";
  connectionId: number;
  pages: number;
}

export async function refreshSiteIndex(
  deps: SiteIndexDeps,
  input: { userId: number },
): Promise<RefreshSiteIndexResult[]> {
  const results: RefreshSiteIndexResult[] = [];
  const shopify = await findCurrentShopifyConnection(deps.prisma, input.userId);
  const wordpress = await findCurrentWordpressConnection(deps.prisma, input.userId);
  const sites = [
    ...(shopify?.isActive ? [{ platform: "shopify" as const, connection: shopify }] : []),
    ...(wordpress?.isActive ? [{ platform: "wordpress" as const, connection: wordpress }] : []),
  ];
  for (const site of sites) {
    const pages = await readConnectionPages(deps, site);
    const saved = await saveSiteIndex(deps.prisma, {
      userId: input.userId,
      platform: site.platform,
      connectionId: site.connection.id,
      pages,
      now: deps.now?.() ?? new Date(),
    });
    results.push({ platform: site.platform, connectionId: site.connection.id, pages: saved });
  }
  return results;
}
