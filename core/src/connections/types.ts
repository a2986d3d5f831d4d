// What the connection functions depend on, built once per process by createConnectionDeps.
import type { Platform } from "../contracts/blog.ts";
import type { ConnectionRows } from "./connection-rows.ts";
import type { Prisma } from "../db/index.ts";
import type { GoogleConfig } from "../env.ts";
import type { Logger } from "../logger.ts";
import type { ShopifyCostPacer } from "../publishing/shopify/index.ts";
import type { ImageLoader } from "../publishing/types.ts";
import type { FetchLike } from "../publishing/wordpress/index.ts";
import type { ShopifyAppCredentials } from "../shopify-sessions/types.ts";

export interface ConnectionDeps {
  prisma: Prisma;
  /** Encrypts the access tokens and application passwords at rest (config.encryptionKey). */
  encryptionKey: Buffer;
  /** createSafeFetch with the operator's policy: every request to a user's store or site goes through it. */
  fetch: FetchLike;
  /** The operator's policy (config.allowPrivateNetworkTargets), also applied to a store address before it is used. */
  allowPrivateNetworkTargets: boolean;
  /** Reads the post's uploaded images for re-uploading to the platform. */
  loadImage: ImageLoader;
  /** This service's public address (config.appUrl): sites connected through the plugin fetch uploaded images there. */
  publicUrl?: string;
  /**
   * Replaces https://<shop> in Shopify Admin API addresses; `{shop}` is replaced by the shop's domain. Undefined in
   * production; tests point it at a local fake Shopify.
   */
  shopifyApiBaseUrl?: string;
  /** Paces calls to each store by Shopify's cost limits; defaults to the one shared by the whole process. */
  shopifyPacer?: ShopifyCostPacer;
  logger?: Logger;
  /** Search Console's Google OAuth client (config.google): a removed site's Search Console token is revoked with it. */
  google?: GoogleConfig;
  /** The embedded Shopify app's credentials: stores that installed the app publish with its refreshed offline token. */
  shopifyApp?: ShopifyAppCredentials;
  /** The clock (for token expiry), replaceable in tests. */
  now?: () => Date;
  /**
   * The connections in use kept in memory for publishing (one per process, from createConnectionDeps); saving or
   * removing a connection forgets the user's entry. Served from memory only while watched (the scheduler watches).
   */
  connectionRows?: ConnectionRows;
}

export const notConnectedMessages: Record<Platform, string> = {
  shopify: "Connect your Shopify store first.",
  wordpress: "Connect your WordPress site first.",
};
