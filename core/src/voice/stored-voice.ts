// The voice rows of the owner's sites, read and written in one place (always scoped to the owner).
import { findCurrentShopifyConnection, findCurrentWordpressConnection } from "../connections/current-connections.ts";
import { voiceProfileSchema, type SiteVoice, type VoiceProfile } from "../contracts/voice.ts";
import type { Prisma, ShopifyConnection, WordpressConnection } from "../db/index.ts";
import { notFound } from "../errors/index.ts";
import type { SiteConnection } from "../site-index/site-connection.ts";

export type VoicePlatform = SiteVoice["platform"];

/** A stored profile, or null when the row is missing or no longer reads as one. */
export function parseStoredVoice(profile: unknown): VoiceProfile | null {
  const parsed = voiceProfileSchema.safeParse(profile);
  return parsed.success ? parsed.data : null;
}

/** The owner's connection by platform and id, or a 404 with words for the owner. */
export async function findOwnedConnection(
  prisma: Prisma,
  userId: number,
  platform: VoicePlatform,
  connectionId: number,
): Promise<SiteConnection & { siteName: string; siteUrl: string }> {
  if (platform === "shopify") {
    const connection = await prisma.shopifyConnection.findFirst({ where: { id: connectionId, userId } });
    if (!connection) throw notFound("That Shopify store is not connected to your account.");
    return { platform, connection, siteName: connection.storeName, siteUrl: connection.storeUrl };
  }
  const connection = await prisma.wordpressConnection.findFirst({ where: { id: connectionId, userId } });
  if (!connection) throw notFound("That WordPress site is not connected to your account.");
  return { platform, connection, siteName: connection.siteName, siteUrl: connection.siteUrl };
}

/** The sites in use on each platform (as the site index lists them). */
export async function currentSites(
  prisma: Prisma,
  userId: number,
): Promise<Array<{ platform: VoicePlatform; connectionId: number; siteName: string; siteUrl: string }>> {
  const shopify: ShopifyConnection | null = await findCurrentShopifyConnection(prisma, userId);
  const wordpress: WordpressConnection | null = await findCurrentWordpressConnection(prisma, userId);
  return [
    ...(shopify
      ? [
          {
            platform: "shopify" as const,
            connectionId: shopify.id,
            siteName: shopify.storeName,
            siteUrl: shopify.storeUrl,
          },
        ]
      : []),
    ...(wordpress
      ? [
          {
            platform: "wordpress" as const,
            connectionId: wordpress.id,
            siteName: wordpress.siteName,
            siteUrl: wordpress.siteUrl,
          },
        ]
      : []),
  ];
}

export async function storeVoice(
  prisma: Prisma,
  site: { userId: number; platform: VoicePlatform; connectionId: number },
  profile: VoiceProfile,
): Promise<void> {
  await prisma.siteVoice.upsert({
    where: { platform_connectionId: { platform: site.platform, connectionId: site.connectionId } },
    create: { ...site, profile },
    update: { profile, userId: site.userId },
  });
}
