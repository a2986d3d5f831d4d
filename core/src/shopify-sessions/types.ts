// What the shop functions (the embedded Shopify app's accounts, sessions and webhooks) depend on.
import type { Prisma } from "../db/index.ts";
import type { FetchLike } from "../publishing/wordpress/index.ts";

export interface ShopDeps {
  prisma: Prisma;
  /** Encrypts the sessions' access and refresh tokens at rest (config.encryptionKey). */
  encryptionKey: Buffer;
  now?: () => Date;
}

/** The app's own credentials, needed to refresh an expired offline token. */
export interface ShopifyAppCredentials {
  apiKey: string;
  apiSecret: string;
}

export interface ShopTokenDeps extends ShopDeps {
  app: ShopifyAppCredentials;
  fetch: FetchLike;
  /** Replaces https://<shop> in Shopify addresses ({shop} is the shop's domain); tests point it at a local fake. */
  shopifyApiBaseUrl?: string;
}

/** One stored session of the Shopify app, in plain fields (the app turns it into Shopify's Session and back). */
export interface ShopifySessionRecord {
  id: string;
  shop: string;
  state: string;
  isOnline: boolean;
  scope: string | null;
  expires: Date | null;
  accessToken: string | null;
  refreshToken: string | null;
  refreshTokenExpires: Date | null;
  onlineAccessInfo: unknown;
}

/** The id Shopify's library gives the shop's offline session. */
export const offlineSessionId = (shop: string): string => `offline_${shop}`;

export const shopClock = (deps: { now?: () => Date }): Date => (deps.now ? deps.now() : new Date());
