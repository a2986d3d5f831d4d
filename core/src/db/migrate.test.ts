import { execFile } from "node:child_process";
import { mkdtemp, mkdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../testing/database.ts";
import type { SqlSession } from "./client.ts";
import { migrate, readMigrations } from "./migrate.ts";

const root = join(dirname(fileURLToPath(import.meta.url)), "../../..");

/** Everything about the public schema that a migration can get wrong, in a comparable form. */
async function describeSchema(session: SqlSession) {
  const columns = await session.query(
    `SELECT table_name, column_name, data_type, udt_name, is_nullable, column_default, character_maximum_length
       FROM information_schema.columns WHERE table_schema = 'public' AND table_name <> '_prisma_migrations'
      ORDER BY table_name, column_name`,
  );
  const indexes = await session.query(
    `SELECT tablename, indexname, indexdef FROM pg_indexes
      WHERE schemaname = 'public' AND tablename <> '_prisma_migrations' ORDER BY tablename, indexname`,
  );
  const constraints = await session.query(
    `SELECT c.conrelid::regclass::text AS table_name, c.conname, c.contype, pg_get_constraintdef(c.oid) AS definition
       FROM pg_constraint c JOIN pg_namespace n ON n.oid = c.connamespace
      WHERE n.nspname = 'public' AND c.conrelid::regclass::text <> '_prisma_migrations'
      ORDER BY 1, 2`,
  );
  return { columns, indexes, constraints };
}

describe("migrator", () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(async () => {
    await db?.close();
  });

  it("records every migration in Prisma's ledger with its checksum, and applies nothing twice", async () => {
    const migrations = await readMigrations();
    const rows = await db.withSession((s) =>
      s.query<{ migration_name: string; checksum: string; finished_at: Date | null }>(
        `SELECT migration_name, checksum, finished_at FROM "_prisma_migrations" ORDER BY migration_name`,
      ),
    );
    expect(rows.map((r) => r.migration_name)).toEqual(migrations.map((m) => m.name));
    expect(rows.map((r) => r.checksum)).toEqual(migrations.map((m) => m.checksum));
    expect(rows.every((r) => r.finished_at !== null)).toBe(true);
    const again = await migrate(db);
    expect(again).toEqual({ applied: [], modified: [] });
  });

  it("rolls back a failing migration and reports which one failed", async () => {
    const dir = await mkdtemp(join(tmpdir(), "pw-migrations-"));
    try {
      await mkdir(join(dir, "20990101000000_good"));
      await writeFile(join(dir, "20990101000000_good", "migration.sql"), `CREATE TABLE "probe_good" ("id" INTEGER);`);
      await mkdir(join(dir, "20990102000000_bad"));
      await writeFile(
        join(dir, "20990102000000_bad", "migration.sql"),
        `CREATE TABLE "probe_bad" ("id" INTEGER);\nINSERT INTO "no_such_table" VALUES (1);`,
      );
      await expect(migrate(db, dir)).rejects.toThrow(/20990102000000_bad failed/);
      const tables = await db.withSession((s) =>
        s.query<{ table_name: string }>(
          `SELECT table_name FROM information_schema.tables WHERE table_name IN ('probe_good', 'probe_bad')`,
        ),
      );
      expect(tables.map((t) => t.table_name)).toEqual(["probe_good"]);
      await db.withSession((s) => s.exec(`DROP TABLE "probe_good"; DELETE FROM "_prisma_migrations" WHERE migration_name LIKE '2099%'`));
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it("reports a migration whose file changed after it was applied", async () => {
    const dir = await mkdtemp(join(tmpdir(), "pw-migrations-"));
    try {
      await mkdir(join(dir, "20990103000000_edit"));
      await writeFile(join(dir, "20990103000000_edit", "migration.sql"), `CREATE TABLE "probe_edit" ("id" INTEGER);`);
      expect((await migrate(db, dir)).applied).toEqual(["20990103000000_edit"]);
      await writeFile(join(dir, "20990103000000_edit", "migration.sql"), `CREATE TABLE "probe_edit" ("id" BIGINT);`);
      expect(await migrate(db, dir)).toEqual({ applied: [], modified: ["20990103000000_edit"] });
      await db.withSession((s) => s.exec(`DROP TABLE "probe_edit"; DELETE FROM "_prisma_migrations" WHERE migration_name LIKE '2099%'`));
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe("migrations and prisma/schema.prisma", () => {
  it("describe the same database (no drift)", async () => {
    // Prisma computes the SQL of the schema as it stands; a database built from it must equal one built by the
    // committed migrations, column for column, index for index, constraint for constraint.
    const { stdout: schemaSql } = await promisify(execFile)(process.execPath, [join(root, "tools/prisma-diff/diff.mjs"), "--empty"], {
      maxBuffer: 10 * 1024 * 1024,
    });
    expect(schemaSql).toContain("CREATE TABLE");
    const fromMigrations = await createTestDatabase();
    const fromSchema = await createTestDatabase();
    try {
      await fromSchema.withSession((s) => s.exec(`DROP SCHEMA public CASCADE; CREATE SCHEMA public;`));
      await fromSchema.withSession((s) => s.exec(schemaSql));
      const expected = await fromSchema.withSession(describeSchema);
      const actual = await fromMigrations.withSession(describeSchema);
      expect(actual.columns).toEqual(expected.columns);
      expect(actual.indexes).toEqual(expected.indexes);
      expect(actual.constraints).toEqual(expected.constraints);
    } finally {
      await fromMigrations.close();
      await fromSchema.close();
    }
  }, 120_000);
});
