// The app's process-wide services, built once on first use: configuration (checked at start-up), the shared
// database (migrated), and the core's dependencies. Tests replace it with setAppContext.
import { createWriter, type Writer } from "@postwright/core/ai";
import { seedPlans, type BillingProvider } from "@postwright/core/billing";
import { createConnectionDeps, createPublishingDeps, type ConnectionDeps } from "@postwright/core/connections";
import { createDatabase, migrate, type Database } from "@postwright/core/db";
import { loadConfig, requireShopifyConfig, type Config, type ShopifyAppConfig } from "@postwright/core/env";
import { createShopifyBillingProvider } from "@postwright/core/shops";
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
    returnUrl: (shop) =>
      `${localShopifyAdmin ?? "https://admin.shopify.com"}/store/${shop.replace(/\.myshopify\.com$/, "")}/apps/${ctx.shopify.apiKey}/app/plans`,
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
