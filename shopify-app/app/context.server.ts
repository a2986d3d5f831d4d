// The app's process-wide services, built once on first use: configuration (checked at start-up), the shared
// database (migrated), and the core's dependencies. Tests replace it with setAppContext.
import { createWriter, type Writer } from "@postwright/core/ai";
import { seedPlans, type BillingProvider } from "@postwright/core/billing";
import { createConnectionDeps, createPublishingDeps, type ConnectionDeps } from "@postwright/core/connections";
import { createDatabase, migrate, type Database } from "@postwright/core/db";
import { loadConfig, requireShopifyConfig, type Config, type ShopifyAppConfig } from "@postwright/core/env";
import type { RefreshDeps } from "@postwright/core/refresh";
import type { SearchConsoleDeps } from "@postwright/core/search-console";
import { createShopifyBillingProvider } from "@postwright/core/shopify-shops";
import { contextualLogger } from "./logger.server";

export interface AppContext {
  config: Config;
  shopify: ShopifyAppConfig & { appUrl: string };
  db: Database;
  connections: ConnectionDeps;
}

/** The writer (an AI model when configured, else the offline writer) and publishing, on the app's context. */
export function writerFor(ctx: AppContext): Writer {
  return createWriter({ openai: ctx.config.openai, siteUrl: ctx.config.appUrl, logger: contextualLogger() });
}

export function publishingFor(ctx: AppContext) {
  return createPublishingDeps(ctx.connections, ctx.db);
}

/** A refresh of one of Your posts: the store's connection, and the writing model when one is configured. */
export function refreshFor(ctx: AppContext): RefreshDeps {
  return { ...ctx.connections, openai: ctx.config.openai, logger: contextualLogger() };
}

/**
 * Search Console for the shop's account: Google sends the browser back to this app's own address
 * (`SHOPIFY_APP_URL/api/search-console/callback`, the route `api.search-console.callback.tsx`).
 */
export function searchConsoleFor(ctx: AppContext): SearchConsoleDeps {
  return {
    prisma: ctx.db.prisma,
    encryptionKey: ctx.config.encryptionKey,
    google: ctx.config.google,
    publicUrl: ctx.shopify.appUrl,
    logger: contextualLogger(),
  };
}

/** The address of one of the app's pages inside the shop's Shopify admin (`path` from `/app`). */
export function adminAppUrl(ctx: AppContext, shop: string, path: string): string {
  const store = shop.replace(/\.myshopify\.com$/, "");
  return `${localShopifyAdmin ?? "https://admin.shopify.com"}/store/${store}/apps/${ctx.shopify.apiKey}${path}`;
}

/**
 * Shops pay through Shopify's Billing API, with the shop's offline token: test charges unless in production, and the
 * merchant comes back from the confirmation page to the app's Plans page in Shopify admin.
 */
export function billingFor(ctx: AppContext): BillingProvider {
  const { connections } = ctx;
  return createShopifyBillingProvider({
    prisma: ctx.db.prisma,
    encryptionKey: ctx.config.encryptionKey,
    app: { apiKey: ctx.shopify.apiKey, apiSecret: ctx.shopify.apiSecret },
    fetch: connections.fetch,
    ...(connections.shopifyApiBaseUrl ? { shopifyApiBaseUrl: connections.shopifyApiBaseUrl } : {}),
    ...(connections.shopifyPacer ? { pacer: connections.shopifyPacer } : {}),
    isTest: !ctx.config.isProduction,
    returnUrl: (shop) => adminAppUrl(ctx, shop, "/app/plans"),
  });
}

let current: Promise<AppContext> | undefined;
let localShopifyAdminApi: string | undefined;
let localShopifyAdmin: string | undefined;

/**
 * Publishing goes to this Admin API address (`http://127.0.0.1:<port>/shops/{shop}`) instead of the shops' own: for
 * the local preview against a fake store only. Called before the first request. `adminOrigin` stands in for
 * https://admin.shopify.com in the address the merchant returns to from Shopify's confirmation page (the preview's
 * admin frame).
 */
export function setLocalShopifyAdminApi(baseUrlTemplate: string, adminOrigin?: string): void {
  localShopifyAdminApi = baseUrlTemplate;
  localShopifyAdmin = adminOrigin;
}

async function createAppContext(): Promise<AppContext> {
  const config = loadConfig();
  const shopify = requireShopifyConfig(config);
  const db = await createDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await migrate(db);
  // The plan rows the Plans page sells (the same catalogue as the site's; seeding twice changes nothing).
  await seedPlans({ prisma: db.prisma });
  const connections = createConnectionDeps({
    prisma: db.prisma,
    config,
    shopifyApiBaseUrl: localShopifyAdminApi,
    logger: contextualLogger(),
  });
  return { config, shopify, db, connections };
}

export function appContext(): Promise<AppContext> {
  current ??= createAppContext();
  return current;
}

/** Closes the database of the context, if one was made (on shutdown: nothing else keeps the process alive). */
export async function closeAppContext(): Promise<void> {
  const context = current;
  current = undefined;
  if (context) await (await context).db.close();
}

export function setAppContext(context: AppContext): void {
  current = Promise.resolve(context);
}
