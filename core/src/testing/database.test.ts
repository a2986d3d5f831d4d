import { afterEach, describe, expect, it } from "vitest";
import { migrate, readMigrations } from "../db/migrate.ts";
import { createTestDatabase, type TestDatabase } from "./database.ts";

// Test databases start from a copied template: each must still be complete (every migration recorded, nothing left
// to apply) and separate (what one test writes, another never sees).
describe("createTestDatabase", () => {
  const open: TestDatabase[] = [];
  afterEach(async () => {
    await Promise.all(open.splice(0).map((db) => db.close()));
  });

  it("gives every test a fully migrated database of its own", async () => {
    const first = await createTestDatabase();
    open.push(first);
    const second = await createTestDatabase();
    open.push(second);

    const names = (await readMigrations()).map((m) => m.name);
    const recorded = await first.withSession((s) =>
      s.query<{ migration_name: string }>(`SELECT migration_name FROM "_prisma_migrations" ORDER BY migration_name`),
    );
    expect(recorded.map((r) => r.migration_name)).toEqual(names);
    expect((await migrate(second)).applied).toEqual([]);

    await first.prisma.user.create({ data: { email: "owner@example.com", password: "x" } });
    expect(await first.prisma.user.count()).toBe(1);
    expect(await second.prisma.user.count()).toBe(0);
  });
});
