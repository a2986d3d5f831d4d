// Databases for tests: a fresh in-memory PGlite by default, or, when TEST_DATABASE_URL names a PostgreSQL server,
// a new database on it (dropped afterwards), so the same tests run on both engines.
import { randomBytes } from "node:crypto";
import pg from "pg";
import { createDatabase, type Database } from "../db/client.ts";
import { migrate } from "../db/migrate.ts";

export interface TestDatabase extends Database {
  /** The URL of the temporary PostgreSQL database, when running on a server. */
  readonly url: string | undefined;
}

export const testDatabaseServer = (): string | undefined => process.env.TEST_DATABASE_URL || undefined;

export async function createTestDatabase(options: { maxConnections?: number } = {}): Promise<TestDatabase> {
  const server = testDatabaseServer();
  if (!server) {
    const db = await createDatabase({});
    await migrate(db);
    return Object.assign(db, { url: undefined });
  }
  const name = `postwright_test_${Date.now().toString(36)}_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const url = new URL(server);
  url.pathname = `/${name}`;
  const db = await createDatabase({ databaseUrl: url.toString(), maxConnections: options.maxConnections ?? 5 });
  await migrate(db);
  const close = db.close.bind(db);
  return Object.assign(db, {
    url: url.toString(),
    async close() {
      await close();
      const dropper = new pg.Client({ connectionString: server });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await dropper.end();
    },
  });
}
