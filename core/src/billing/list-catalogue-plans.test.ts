import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../testing/index.ts";
import { listCataloguePlans } from "./list-catalogue-plans.ts";
import { listPlans, seedPlans } from "./plans.ts";

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
  await seedPlans({ prisma: db.prisma });
});
afterAll(async () => {
  await db.close();
});

const withoutId = ({ id: _id, ...plan }: { id: number }) => plan;

describe("listCataloguePlans", () => {
  it.each([true, false])(
    "lists what the API lists from the seeded rows (payments enabled: %s), ids aside",
    async (paymentsEnabled) => {
      const fromRows = await listPlans({ prisma: db.prisma, billing: { enabled: paymentsEnabled } });
      const fromCatalogue = listCataloguePlans({ paymentsEnabled });
      expect(fromCatalogue.map(withoutId)).toEqual(fromRows.map(withoutId));
    },
  );

  it("gives ids no stored plan can have", () => {
    const ids = listCataloguePlans({ paymentsEnabled: true }).map((plan) => plan.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.every((id) => id < 0)).toBe(true);
  });
});
