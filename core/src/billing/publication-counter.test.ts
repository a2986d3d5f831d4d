import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../testing/index.ts";
import { createPublicationCounter } from "./publication-counter.ts";

let db: TestDatabase;
let seq = 0;

beforeAll(async () => {
  db = await createTestDatabase({ maxConnections: 10 });
});
afterAll(async () => {
  await db.close();
});

async function makeUser() {
  seq += 1;
  return (await db.prisma.user.create({ data: { email: `counter${seq}@example.com`, password: "x" } })).id;
}

const published = async (userId: number) =>
  Object.fromEntries(
    (await db.prisma.userUsage.findMany({ where: { userId }, orderBy: { monthYear: "asc" } })).map((r) => [
      r.monthYear,
      r.blogPostsPublished,
    ]),
  );

describe("createPublicationCounter", () => {
  it("counts every publication of publications finishing together, per user and month", async () => {
    const count = createPublicationCounter({ prisma: db.prisma });
    const [ada, bea] = [await makeUser(), await makeUser()];
    const november = new Date("2026-11-30T23:59:59Z");
    const december = new Date("2026-12-01T00:00:00Z");
    await Promise.all([
      ...Array.from({ length: 5 }, () => count(ada, november)),
      count(ada, december),
      ...Array.from({ length: 3 }, () => count(bea, november)),
    ]);
    await Promise.all([count(ada, november), count(bea, november)]);
    expect(await published(ada)).toEqual({ "2026-11": 6, "2026-12": 1 });
    expect(await published(bea)).toEqual({ "2026-11": 4 });
  });

  it("keeps the others' counts when one user's cannot be written, and reports that one", async () => {
    const count = createPublicationCounter({ prisma: db.prisma });
    const [kept, gone] = [await makeUser(), await makeUser()];
    await db.prisma.user.delete({ where: { id: gone } });
    const at = new Date("2026-11-15T12:00:00Z");
    const results = await Promise.allSettled([count(kept, at), count(gone, at), count(kept, at)]);
    expect(results.map((r) => r.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
    expect(await published(kept)).toEqual({ "2026-11": 2 });
  });
});
