// The app's process-wide services, built once on first use: configuration (checked at start-up), the shared
// database (migrated), and the core's dependencies. Tests replace it with setAppContext.
import { createWriter, type Writer } from "@postwright/core/ai";
import { createConnectionDeps, createPublishingDeps, type ConnectionDeps } from "@postwright/core/connections";
import { createDatabase, migrate, type Database } from "@postwright/core/db";
import { loadConfig, requireShopifyConfig, type Config, type ShopifyAppConfig } from "@postwright/core/env";

export interface AppContext {
  config: Config;
  shopify: ShopifyAppConfig & { appUrl: string };
  db: Database;
  connections: ConnectionDeps;
}

/** The writer (an AI model when configured, else the offline writer) and publishing, on the app's context. */
export function writerFor(ctx: AppContext): Writer {
  return createWriter({ openai: ctx.config.openai, siteUrl: ctx.config.appUrl });
}

export function publishingFor(ctx: AppContext) {
  return createPublishingDeps(ctx.connections, ctx.db);
}

let current: Promise<AppContext> | undefined;
let localShopifyAdminApi: string | undefined;

/**
 * Publishing goes to this Admin API address (`http://127.0.0.1:<port>/shops/{shop}`) instead of the shops' own: for
 * the local preview against a fake store only. Called before the first request.
 */
export function setLocalShopifyAdminApi(baseUrlTemplate: string): void {
  localShopifyAdminApi = baseUrlTemplate;
}

async function createAppContext(): Promise<AppContext> {
  const config = loadConfig();
  const shopify = requireShopifyConfig(config);
  const db = await createDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await migrate(db);
  const connections = createConnectionDeps({ prisma: db.prisma, config, shopifyApiBaseUrl: localShopifyAdminApi });
  return { config, shopify, db, connections };
}

export function appContext(): Promise<AppContext> {
  current ??= createAppContext();
  return current;
}

export function setAppContext(context: AppContext): void {
  current = Promise.resolve(context);
}
