export { createDatabase, PrismaClient, PrismaNamespace } from "./client.ts";
export type { ChannelListener, Database, DatabaseOptions, Prisma, SqlSession } from "./client.ts";
export { migrate, readMigrations, defaultMigrationsDir } from "./migrate.ts";
export type { Migration, MigrateResult } from "./migrate.ts";
export type {
  User,
  BlogPost,
  PostPublication,
  SubscriptionPlan,
  UserUsage,
  EmailVerification,
  ShopifyConnection,
  WordpressConnection,
  WordpressConnectCode,
  WordpressSiteCredential,
  GenerationJob,
  ContactMessage,
  AdminAuditLog,
  SiteIndexJob,
  SearchConsoleConnection,
  PostRefresh,
  SitePost,
} from "./generated/client.ts";
export { RowCache, ROW_CHANGES_CHANNEL, watchRowChanges } from "./row-cache.ts";
export type { RowCacheOptions } from "./row-cache.ts";
