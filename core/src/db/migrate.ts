// Applies the SQL migrations under prisma/migrations in name order, each in its own transaction, and records them
// in Prisma's own _prisma_migrations table (same columns and checksums), so `prisma migrate status` and
// `prisma migrate deploy` keep working where Prisma's engines are available. Several app instances may start at
// once: on PostgreSQL they take Prisma's migration advisory lock and the later ones find nothing left to apply.
import { createHash, randomUUID } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Database, SqlSession } from "./client.ts";

export const defaultMigrationsDir = join(dirname(fileURLToPath(import.meta.url)), "../../../prisma/migrations");

/** The advisory lock key Prisma Migrate itself uses, so our migrator and Prisma's never run at the same time. */
const PRISMA_MIGRATE_LOCK = 72707369;

export interface Migration {
  name: string;
  sql: string;
  checksum: string;
}

export async function readMigrations(dir = defaultMigrationsDir): Promise<Migration[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const names = entries.filter((e) => e.isDirectory()).map((e) => e.name).sort();
  return Promise.all(
    names.map(async (name) => {
      const sql = await readFile(join(dir, name, "migration.sql"), "utf8");
      return { name, sql, checksum: createHash("sha256").update(sql).digest("hex") };
    }),
  );
}

export interface MigrateResult {
  applied: string[];
  /** Migrations recorded as applied whose file has changed since. */
  modified: string[];
}

const createLedger = `CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
  "id" VARCHAR(36) PRIMARY KEY NOT NULL,
  "checksum" VARCHAR(64) NOT NULL,
  "finished_at" TIMESTAMPTZ,
  "migration_name" VARCHAR(255) NOT NULL,
  "logs" TEXT,
  "rolled_back_at" TIMESTAMPTZ,
  "started_at" TIMESTAMPTZ NOT NULL DEFAULT now(),
  "applied_steps_count" INTEGER NOT NULL DEFAULT 0
)`;

export async function migrate(db: Database, dir = defaultMigrationsDir): Promise<MigrateResult> {
  const migrations = await readMigrations(dir);
  return db.withSession(async (session) => {
    if (db.engine === "postgres") await session.query("SELECT pg_advisory_lock($1)", [PRISMA_MIGRATE_LOCK]);
    try {
      return await applyPending(session, migrations);
    } finally {
      if (db.engine === "postgres") await session.query("SELECT pg_advisory_unlock($1)", [PRISMA_MIGRATE_LOCK]);
    }
  });
}

async function applyPending(session: SqlSession, migrations: Migration[]): Promise<MigrateResult> {
  await session.exec(createLedger);
  const rows = await session.query<{ migration_name: string; checksum: string }>(
    `SELECT migration_name, checksum FROM "_prisma_migrations" WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL`,
  );
  const done = new Map(rows.map((r) => [r.migration_name, r.checksum]));
  const result: MigrateResult = { applied: [], modified: [] };
  for (const migration of migrations) {
    const recorded = done.get(migration.name);
    if (recorded !== undefined) {
      if (recorded !== migration.checksum) result.modified.push(migration.name);
      continue;
    }
    await session.exec("BEGIN");
    try {
      await session.exec(migration.sql);
      await session.query(
        `INSERT INTO "_prisma_migrations" (id, checksum, migration_name, started_at, finished_at, applied_steps_count)
         VALUES ($1, $2, $3, now(), now(), 1)`,
        [randomUUID(), migration.checksum, migration.name],
      );
      await session.exec("COMMIT");
    } catch (error) {
      await session.exec("ROLLBACK");
      throw new Error(`Migration ${migration.name} failed: ${(error as Error).message}`, { cause: error });
    }
    result.applied.push(migration.name);
  }
  return result;
}
