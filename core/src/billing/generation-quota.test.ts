import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../testing/index.ts";
import { getEntitlements } from "./entitlements.ts";
import {
  assertCanGenerate,
  recordPublication,
  releaseExpiredGenerations,
  releaseGeneration,
  reserveGeneration,
  withGenerationQuota,
} from "./generation-quota.ts";

const now = new Date("2026-11-15T12:00:00Z");
let db: TestDatabase;
let seq = 0;

async function makeUser(plan = "free", status = plan === "free" ? "free" : "active") {
  seq += 1;
  return db.prisma.user.create({
    data: { email: `quota${seq}@example.com`, password: "x", subscriptionPlan: plan, subscriptionStatus: status },
  });
}

const usedThisMonth = async (userId: number) => (await getEntitlements({ prisma: db.prisma }, userId, now)).postsUsedThisMonth;

beforeAll(async () => {
  db = await createTestDatabase({ maxConnections: 10 });
});
afterAll(async () => {
  await db.close();
});

describe("generation quota", () => {
  it("counts generations, reports what is left, and refuses the sixth free post with 'limit exceeded'", async () => {
    const u = await makeUser();
    const remaining: number[] = [];
    for (let i = 0; i < 5; i++) remaining.push((await reserveGeneration({ prisma: db.prisma }, u.id, now)).usageRemaining);
    expect(remaining).toEqual([4, 3, 2, 1, 0]);
    const refused = reserveGeneration({ prisma: db.prisma }, u.id, now);
    await expect(refused).rejects.toMatchObject({ code: "FORBIDDEN", status: 403 });
    await expect(refused).rejects.toThrow(
      "Monthly blog post limit exceeded for the Free plan (5 posts). Upgrade to generate more.",
    );
    expect(await usedThisMonth(u.id)).toBe(5);
    await expect(assertCanGenerate({ prisma: db.prisma }, u.id, now)).rejects.toThrow(/limit exceeded/);
  });

  it("lets only one of several concurrent generations take the last slot", async () => {
    const u = await makeUser();
    for (let i = 0; i < 4; i++) await reserveGeneration({ prisma: db.prisma }, u.id, now);
    const attempts = await Promise.allSettled(Array.from({ length: 6 }, () => reserveGeneration({ prisma: db.prisma }, u.id, now)));
    expect(attempts.filter((a) => a.status === "fulfilled")).toHaveLength(1);
    expect(attempts.filter((a) => a.status === "rejected")).toHaveLength(5);
    expect(await usedThisMonth(u.id)).toBe(5);
  });

  it("creates the month's row once when the first generations of a month run at the same time", async () => {
    const u = await makeUser("starter");
    await Promise.all(Array.from({ length: 8 }, () => reserveGeneration({ prisma: db.prisma }, u.id, now)));
    expect(await usedThisMonth(u.id)).toBe(8);
    expect(await db.prisma.userUsage.count({ where: { userId: u.id } })).toBe(1);
  });

  it("does not count a failed generation against the quota", async () => {
    const u = await makeUser();
    await expect(
      withGenerationQuota({ prisma: db.prisma }, u.id, async () => {
        throw new Error("model unavailable");
      }, now),
    ).rejects.toThrow("model unavailable");
    expect(await usedThisMonth(u.id)).toBe(0);
    const { result, reservation } = await withGenerationQuota({ prisma: db.prisma }, u.id, async () => "post", now);
    expect(result).toBe("post");
    expect(reservation.usageRemaining).toBe(4);
    expect(await usedThisMonth(u.id)).toBe(1);
  });

  it("gives back the slot of a generation whose process died (its reservation never ended) once its lease passed", async () => {
    const u = await makeUser();
    // Two generations reserved by a process that was then killed: nothing ever completes or releases them.
    await reserveGeneration({ prisma: db.prisma }, u.id, now);
    const dead = await reserveGeneration({ prisma: db.prisma }, u.id, now);
    expect(await usedThisMonth(u.id)).toBe(2);
    // Within the lease nothing is given back: the generation may still be running elsewhere.
    expect(await releaseExpiredGenerations({ prisma: db.prisma })).toBe(0);
    await db.prisma.generationReservation.updateMany({ where: { userId: u.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect(await releaseExpiredGenerations({ prisma: db.prisma })).toBe(2);
    expect(await usedThisMonth(u.id)).toBe(0);
    // A late release of one of them does not give the slot back twice.
    await releaseGeneration({ prisma: db.prisma }, dead);
    expect(await usedThisMonth(u.id)).toBe(0);
  });

  it("releases a user's expired reservations at their next generation, without the background sweep", async () => {
    const u = await makeUser();
    for (let i = 0; i < 5; i++) await reserveGeneration({ prisma: db.prisma }, u.id, now);
    await expect(reserveGeneration({ prisma: db.prisma }, u.id, now)).rejects.toThrow(/limit exceeded/);
    await db.prisma.generationReservation.updateMany({ where: { userId: u.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect((await reserveGeneration({ prisma: db.prisma }, u.id, now)).usageRemaining).toBe(4);
  });

  it("lets a free account run one generation at a time, and the next once the first has ended", async () => {
    const u = await makeUser();
    let finish!: () => void;
    const first = withGenerationQuota({ prisma: db.prisma }, u.id, () => new Promise<string>((resolve) => (finish = () => resolve("first"))), now);
    await expect.poll(async () => db.prisma.generationReservation.count({ where: { userId: u.id } })).toBe(1);
    const second = withGenerationQuota({ prisma: db.prisma }, u.id, async () => "second", now);
    await expect(second).rejects.toMatchObject({ status: 429, message: "You already have a post being written. Please wait for it to finish." });
    finish();
    expect((await first).result).toBe("first");
    expect((await withGenerationQuota({ prisma: db.prisma }, u.id, async () => "third", now)).result).toBe("third");
    expect(await usedThisMonth(u.id)).toBe(2);
  });

  it("returns a released slot to the month that was charged, even after the month changed", async () => {
    const u = await makeUser();
    const reservation = await reserveGeneration({ prisma: db.prisma }, u.id, new Date("2026-10-31T23:59:00Z"));
    await reserveGeneration({ prisma: db.prisma }, u.id, new Date("2026-11-01T00:01:00Z"));
    await releaseGeneration({ prisma: db.prisma }, reservation);
    const october = await getEntitlements({ prisma: db.prisma }, u.id, new Date("2026-10-31T23:59:30Z"));
    expect(october.postsUsedThisMonth).toBe(0);
    expect((await getEntitlements({ prisma: db.prisma }, u.id, new Date("2026-11-02T00:00:00Z"))).postsUsedThisMonth).toBe(1);
    await releaseGeneration({ prisma: db.prisma }, reservation);
    expect((await getEntitlements({ prisma: db.prisma }, u.id, new Date("2026-10-31T23:59:30Z"))).postsUsedThisMonth).toBe(0);
  });

  it("starts each calendar month with a fresh quota", async () => {
    const u = await makeUser();
    for (let i = 0; i < 5; i++) await reserveGeneration({ prisma: db.prisma }, u.id, new Date("2026-10-20T10:00:00Z"));
    await expect(reserveGeneration({ prisma: db.prisma }, u.id, new Date("2026-10-31T23:59:59Z"))).rejects.toThrow(/limit exceeded/);
    const next = await reserveGeneration({ prisma: db.prisma }, u.id, new Date("2026-11-01T00:00:00Z"));
    expect(next).toMatchObject({ monthYear: "2026-11", usageRemaining: 4 });
    const row = await db.prisma.userUsage.findUnique({ where: { userId_monthYear: { userId: u.id, monthYear: "2026-11" } } });
    expect(row?.resetAt).toEqual(new Date("2026-12-01T00:00:00Z"));
  });

  it("never limits enterprise", async () => {
    const u = await makeUser("enterprise");
    await db.prisma.userUsage.create({ data: { userId: u.id, monthYear: "2026-11", resetAt: new Date("2026-12-01Z"), blogPostsGenerated: 10_000 } });
    const reservation = await reserveGeneration({ prisma: db.prisma }, u.id, now);
    expect(reservation.usageRemaining).toBe(-1);
    expect(await usedThisMonth(u.id)).toBe(10_001);
  });

  it("applies the free limit once a cancelled plan has reached its end", async () => {
    const u = await db.prisma.user.create({
      data: {
        email: "ended@example.com",
        password: "x",
        subscriptionPlan: "professional",
        subscriptionStatus: "cancelled",
        subscriptionEndDate: new Date("2026-11-10T00:00:00Z"),
      },
    });
    await db.prisma.userUsage.create({ data: { userId: u.id, monthYear: "2026-11", resetAt: new Date("2026-12-01Z"), blogPostsGenerated: 7 } });
    await expect(reserveGeneration({ prisma: db.prisma }, u.id, now)).rejects.toThrow(
      "Monthly blog post limit exceeded for the Free plan (5 posts). Upgrade to generate more.",
    );
    expect((await reserveGeneration({ prisma: db.prisma }, u.id, new Date("2026-11-09T00:00:00Z"))).usageRemaining).toBe(92);
  });

  it("counts publications in the month's usage", async () => {
    const u = await makeUser();
    await recordPublication({ prisma: db.prisma }, u.id, now);
    await recordPublication({ prisma: db.prisma }, u.id, now);
    expect((await getEntitlements({ prisma: db.prisma }, u.id, now)).postsPublishedThisMonth).toBe(2);
  });

  it("counts publications of each month in that month's row, beside its generations, and counts concurrent ones all", async () => {
    const u = await makeUser();
    await reserveGeneration({ prisma: db.prisma }, u.id, now);
    await Promise.all(Array.from({ length: 8 }, () => recordPublication({ prisma: db.prisma }, u.id, now)));
    await recordPublication({ prisma: db.prisma }, u.id, new Date("2026-12-01T00:00:00Z"));
    const rows = await db.prisma.userUsage.findMany({ where: { userId: u.id }, orderBy: { monthYear: "asc" } });
    expect(rows.map(({ monthYear, resetAt, blogPostsGenerated, blogPostsPublished }) => ({
      monthYear,
      resetAt: resetAt.toISOString(),
      blogPostsGenerated,
      blogPostsPublished,
    }))).toEqual([
      { monthYear: "2026-11", resetAt: "2026-12-01T00:00:00.000Z", blogPostsGenerated: 1, blogPostsPublished: 8 },
      { monthYear: "2026-12", resetAt: "2027-01-01T00:00:00.000Z", blogPostsGenerated: 0, blogPostsPublished: 1 },
    ]);
    expect(await usedThisMonth(u.id)).toBe(1);
  });
});
