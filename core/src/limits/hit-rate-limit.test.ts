import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../testing/database.ts";
import { countRateLimitHits } from "./count-rate-limit-hits.ts";
import { hitRateLimit } from "./hit-rate-limit.ts";
import { pruneRateLimits } from "./prune-rate-limits.ts";
import { resetRateLimit } from "./reset-rate-limit.ts";
import { takeBackRateLimitHit } from "./take-back-rate-limit-hit.ts";

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db?.close();
});

it("counts hits per key in the shared database, concurrent hits included, each key on its own", async () => {
  const deps = { prisma: db.prisma };
  const results = await Promise.all(Array.from({ length: 20 }, () => hitRateLimit(deps, { key: "a", windowMs: 60_000 })));
  expect(results.map((r) => r.hits).sort((x, y) => x - y)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
  expect(new Set(results.map((r) => r.resetAt.getTime())).size).toBe(1);
  expect((await hitRateLimit(deps, { key: "b", windowMs: 60_000 })).hits).toBe(1);
  expect(await countRateLimitHits(deps, "a")).toBe(20);
});

it("starts a key again once its window has ended, and prunes ended windows", async () => {
  const deps = { prisma: db.prisma };
  await hitRateLimit(deps, { key: "short", windowMs: 1 });
  await db.prisma.rateLimit.update({ where: { key: "short" }, data: { resetAt: new Date(Date.now() - 1000) } });
  expect(await countRateLimitHits(deps, "short")).toBe(0);
  expect(await pruneRateLimits(deps)).toBe(1);
  expect((await hitRateLimit(deps, { key: "short", windowMs: 60_000 })).hits).toBe(1);
});

it("takes back a hit and forgets a key", async () => {
  const deps = { prisma: db.prisma };
  await hitRateLimit(deps, { key: "c", windowMs: 60_000 });
  await hitRateLimit(deps, { key: "c", windowMs: 60_000 });
  await takeBackRateLimitHit(deps, "c");
  expect(await countRateLimitHits(deps, "c")).toBe(1);
  await resetRateLimit(deps, "c");
  expect(await countRateLimitHits(deps, "c")).toBe(0);
});
