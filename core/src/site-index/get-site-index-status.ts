// What the owner sees of their sites' index: for each connected site (the store or site in use on each platform),
// whether it is waiting, being read (pages so far), ready (pages indexed, when) or failed (why), and whether a new
// read can be asked for. Shared by every surface (the site's dashboard, the Shopify app, the plugin).
import { findCurrentShopifyConnection, findCurrentWordpressConnection } from "../connections/current-connections.ts";
import type { SiteIndexStatus } from "../contracts/site-index.ts";
import type { Prisma } from "../db/index.ts";
import type { SiteIndexState } from "./site-index-jobs.ts";

export async function getSiteIndexStatus(
  deps: { prisma: Prisma },
  input: { userId: number },
): Promise<SiteIndexStatus[]> {
  const { prisma } = deps;
  const shopify = await findCurrentShopifyConnection(prisma, input.userId);
  const wordpress = await findCurrentWordpressConnection(prisma, input.userId);
  const sites = [
    ...(shopify?.isActive
      ? [{ platform: "shopify" as const, id: shopify.id, siteName: shopify.storeName, siteUrl: shopify.storeUrl }]
      : []),
    ...(wordpress?.isActive
      ? [{ platform: "wordpress" as const, id: wordpress.id, siteName: wordpress.siteName, siteUrl: wordpress.siteUrl }]
      : []),
  ];
  if (sites.length === 0) return [];
  const jobs = await prisma.siteIndexJob.findMany({
    where: { userId: input.userId, OR: sites.map((s) => ({ platform: s.platform, connectionId: s.id })) },
  });
  return sites.map((site) =>
    toSiteIndexStatus(
      site,
      jobs.find((j) => j.platform === site.platform && j.connectionId === site.id),
    ),
  );
}

/** One site's status from its connection and its job (none yet: queued by the indexer's next repair round). */
export function toSiteIndexStatus(
  site: { platform: "shopify" | "wordpress"; id: number; siteName: string; siteUrl: string },
  job:
    | {
        state: string;
        pagesRead: number;
        pagesIndexed: number;
        indexedAt: Date | null;
        lastError: string | null;
        checkingChanges: boolean;
      }
    | null
    | undefined,
): SiteIndexStatus {
  const state = (job?.state ?? "queued") as SiteIndexState;
  return {
    platform: site.platform,
    connectionId: site.id,
    siteName: site.siteName,
    siteUrl: site.siteUrl,
    state,
    pagesRead: job?.pagesRead ?? 0,
    pagesIndexed: job?.pagesIndexed ?? 0,
    indexedAt: job?.indexedAt?.toISOString() ?? null,
    error: state === "failed" ? (job?.lastError ?? null) : null,
    canRetry: state === "ready" || state === "failed",
    checkingForChanges: state === "reading" && !!job?.checkingChanges && !!job.indexedAt,
  };
}
