// Builds the connection functions' dependencies from the configuration, once per process: the safe fetch (its
// connection pool is shared by every request to users' stores and sites), the reader of uploaded images, and the
// connections in use kept in memory for the scheduler.
import type { Prisma } from "../db/index.ts";
import type { Config } from "../env.ts";
import type { Logger } from "../logger.ts";
import { createSafeFetch } from "../security/index.ts";
import { createUploadedImageLoader } from "../uploads/index.ts";
import { ConnectionRows } from "./connection-rows.ts";
import type { ConnectionDeps } from "./types.ts";

// Publishing uploads images, so a single exchange may be slow and large.
const OUTBOUND_TIMEOUT_MS = 60_000;
const OUTBOUND_MAX_RESPONSE_BYTES = 10 * 1024 * 1024;

export interface CreateConnectionDepsInput {
  prisma: Prisma;
  config: Pick<Config, "encryptionKey" | "allowPrivateNetworkTargets" | "uploadDir" | "appUrl"> &
    Partial<Pick<Config, "shopify" | "google">>;
  logger?: Logger;
  /** See ConnectionDeps.shopifyApiBaseUrl; undefined in production. */
  shopifyApiBaseUrl?: string;
}

export function createConnectionDeps(input: CreateConnectionDepsInput): ConnectionDeps & { close(): Promise<void> } {
  const { config } = input;
  const safeFetch = createSafeFetch({
    allowPrivateNetworkTargets: config.allowPrivateNetworkTargets,
    timeoutMs: OUTBOUND_TIMEOUT_MS,
    maxResponseBytes: OUTBOUND_MAX_RESPONSE_BYTES,
  });
  return {
    prisma: input.prisma,
    encryptionKey: config.encryptionKey,
    fetch: safeFetch,
    allowPrivateNetworkTargets: config.allowPrivateNetworkTargets,
    loadImage: createUploadedImageLoader({ uploadDir: config.uploadDir, siteUrl: config.appUrl }),
    publicUrl: config.appUrl,
    shopifyApiBaseUrl: input.shopifyApiBaseUrl,
    shopifyApp:
      config.shopify?.apiKey && config.shopify.apiSecret
        ? { apiKey: config.shopify.apiKey, apiSecret: config.shopify.apiSecret }
        : undefined,
    google: config.google,
    logger: input.logger,
    connectionRows: new ConnectionRows(),
    close: () => safeFetch.close(),
  };
}
