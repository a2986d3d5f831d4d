// Databases for tests: a fresh in-memory PGlite by default, or, when TEST_DATABASE_URL names a PostgreSQL server,
// a new database on it (dropped afterwards), so the same tests run on both engines. Each starts as a copy of a migrated
// template (database-template.ts); the migrator still runs and finds nothing left to apply.
import { createDatabase, type Database } from "../db/client.ts";
import { migrate } from "../db/migrate.ts";
import { pgliteTemplate, postgresTemplate } from "./database-template.ts";
import { createScratchDatabase } from "./scratch-database.ts";

export interface TestDatabase extends Database {
  /** The URL of the temporary PostgreSQL database, when running on a server. */
  readonly url: string | undefined;
}

export const testDatabaseServer = (): string | undefined => process.env.TEST_DATABASE_URL || undefined;

export async function createTestDatabase(options: { maxConnections?: number } = {}): Promise<TestDatabase> {
  const server = testDatabaseServer();
  if (!server) {
    const db = await createDatabase({ loadDataDir: await pgliteTemplate() });
    await migrate(db);
    return Object.assign(db, { url: undefined });
  }
  const scratch = await createScratchDatabase(server, "postwright_test", { template: await postgresTemplate(server) });
  const db = await createDatabase({ databaseUrl: scratch.url, maxConnections: options.maxConnections ?? 5 });
  await migrate(db);
  const close = db.close.bind(db);
  return Object.assign(db, {
    url: scratch.url,
    async close() {
      await close();
      await scratch.drop();
    },
  });
}
