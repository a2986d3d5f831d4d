// The member's connected site Search Console is for: the one on the platform asked, else the store, then the
// WordPress site (as "Your posts" picks it).
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
): Promise<MemberSite | null> {
  if (input.platform !== "wordpress") {
    const c = await findCurrentShopifyConnection(prisma, input.userId);
    if (c?.isActive) return { platform: "shopify", connectionId: c.id, siteUrl: c.storeUrl };
  }
  if (input.platform !== "shopify") {
    const c = await findCurrentWordpressConnection(prisma, input.userId);
    if (c?.isActive) return { platform: "wordpress", connectionId: c.id, siteUrl: c.siteUrl };
  }
  return null;
}
