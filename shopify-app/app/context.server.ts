// The app's process-wide services, built once on first use: configuration (checked at start-up), the shared
// database (migrated), and the core's dependencies. Tests replace it with setAppContext.
import { createConnectionDeps, type ConnectionDeps } from "@postwright/core/connections";
import { createDatabase, migrate, type Database } from "@postwright/core/db";
import { loadConfig, requireShopifyConfig, type Config, type ShopifyAppConfig } from "@postwright/core/env";

export interface AppContext {
  config: Config;
  shopify: ShopifyAppConfig & { appUrl: string };
  db: Database;
  connections: ConnectionDeps;
}

let current: Promise<AppContext> | undefined;

async function createAppContext(): Promise<AppContext> {
  const config = loadConfig();
  const shopify = requireShopifyConfig(config);
  const db = await createDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await migrate(db);
  const connections = createConnectionDeps({ prisma: db.prisma, config });
  return { config, shopify, db, connections };
}

export function appContext(): Promise<AppContext> {
  current ??= createAppContext();
  return current;
}

export function setAppContext(context: AppContext): void {
  current = Promise.resolve(context);
}
