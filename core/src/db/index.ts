export { createDatabase, PrismaClient, PrismaNamespace } from "./client.ts";
export type { Database, DatabaseOptions, Prisma, SqlSession } from "./client.ts";
export { migrate, readMigrations, defaultMigrationsDir } from "./migrate.ts";
export type { Migration, MigrateResult } from "./migrate.ts";
