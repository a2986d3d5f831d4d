// The member's connected site Search Console is for: the one on the platform asked, else the store, then the
// WordPress site (as "Your posts" picks it). A site turned off on the service is not one, unless `evenOff` is asked
// (what the Search Console card shows of a site that is off) and no site asked is on.
import { findCurrentShopifyConnection, findCurrentWordpressConnection } from "../connections/current-connections.ts";
import type { Prisma } from "../db/index.ts";

export interface MemberSite {
  platform: "shopify" | "wordpress";
  connectionId: number;
  siteUrl: string;
}

export async function findMemberSite(
  prisma: Prisma,
  input: { userId: number; platform?: "shopify" | "wordpress" },
  options: { evenOff?: boolean } = {},
): Promise<MemberSite | null> {
  const sites: (MemberSite & { isActive: boolean })[] = [];
  if (input.platform !== "wordpress") {
    const c = await findCurrentShopifyConnection(prisma, input.userId);
    if (c) sites.push({ platform: "shopify", connectionId: c.id, siteUrl: c.storeUrl, isActive: c.isActive });
  }
  if (input.platform !== "shopify") {
    const c = await findCurrentWordpressConnection(prisma, input.userId);
    if (c) sites.push({ platform: "wordpress", connectionId: c.id, siteUrl: c.siteUrl, isActive: c.isActive });
  }
  const found = sites.find((site) => site.isActive) ?? (options.evenOff ? sites[0] : undefined);
  if (!found) return null;
  const { isActive: _isActive, ...site } = found;
  return site;
}
