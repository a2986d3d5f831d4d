import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../testing/index.ts";
import { computeEntitlements, getEntitlements, PAST_DUE_GRACE_DAYS } from "./entitlements.ts";
import { usagePeriod } from "./usage-period.ts";

const now = new Date("2026-11-15T12:00:00Z");
const day = 24 * 60 * 60 * 1000;
const user = (plan: string, status: string, end: Date | null = null) => ({
  subscriptionPlan: plan,
  subscriptionStatus: status,
  subscriptionEndDate: end,
});

describe("entitlements per plan", () => {
  it("gives the free plan 5 posts, no scheduling and one connection per platform", () => {
    const e = computeEntitlements(user("free", "free"), { blogPostsGenerated: 2, blogPostsPublished: 1 }, now);
    expect(e).toMatchObject({ plan: "free", blogPostLimit: 5, postsUsedThisMonth: 2, postsRemaining: 3, usageRemaining: 3 });
    expect(e.canGenerate).toBe(true);
    expect(e.canSchedule).toBe(false);
    expect(e.maxConnectionsPerPlatform).toBe(1);
  });

  it("gives starter 40 posts with scheduling but a single connection per platform", () => {
    const e = computeEntitlements(user("starter", "active"), null, now);
    expect(e).toMatchObject({ plan: "starter", blogPostLimit: 40, postsRemaining: 40, canSchedule: true, maxConnectionsPerPlatform: 1 });
  });

  it("gives professional 100 posts, scheduling and several connections per platform", () => {
    const e = computeEntitlements(user("professional", "active"), { blogPostsGenerated: 100, blogPostsPublished: 0 }, now);
    expect(e).toMatchObject({ plan: "professional", blogPostLimit: 100, postsRemaining: 0, usageRemaining: 0, canGenerate: false });
    expect(e.canSchedule).toBe(true);
    expect(e.maxConnectionsPerPlatform).toBeGreaterThan(1);
    expect(e.features).toContain("Multiple store connections");
  });

  it("gives enterprise unlimited posts (usageRemaining -1) and everything else", () => {
    const e = computeEntitlements(user("enterprise", "active"), { blogPostsGenerated: 5000, blogPostsPublished: 0 }, now);
    expect(e.blogPostLimit).toBe(-1);
    expect(e.postsRemaining).toBe(Infinity);
    expect(e.usageRemaining).toBe(-1);
    expect(e.canGenerate).toBe(true);
    expect(e.canSchedule).toBe(true);
    expect(e.maxConnectionsPerPlatform).toBe(Infinity);
    expect(e.features).toEqual(["Unlimited blog generation", "Custom integrations", "Dedicated support", "Analytics", "White-label", "SLA"]);
  });

  it("treats an unknown plan or the free status as free", () => {
    expect(computeEntitlements(user("platinum", "active"), null, now).plan).toBe("free");
    expect(computeEntitlements(user("starter", "free"), null, now).plan).toBe("free");
  });
});

describe("entitlements per status", () => {
  it("keeps a cancelled plan usable until its end date, then falls back to free", () => {
    const end = new Date(now.getTime() + 3 * day);
    const before = computeEntitlements(user("starter", "cancelled", end), null, now);
    expect(before).toMatchObject({ plan: "starter", subscribedPlan: "starter", status: "cancelled", blogPostLimit: 40 });
    expect(before.paidAccessEndsAt).toEqual(end);
    const after = computeEntitlements(user("starter", "cancelled", end), null, new Date(end.getTime() + 1));
    expect(after).toMatchObject({ plan: "free", subscribedPlan: "starter", status: "cancelled", blogPostLimit: 5, canSchedule: false });
  });

  it("treats a cancelled plan without an end date as ended", () => {
    expect(computeEntitlements(user("professional", "cancelled"), null, now).plan).toBe("free");
  });

  it(`keeps a past-due plan for ${PAST_DUE_GRACE_DAYS} days after the end of the last paid period, then free`, () => {
    const end = new Date(now.getTime() - 6 * day);
    expect(computeEntitlements(user("professional", "past_due", end), null, now).plan).toBe("professional");
    const graceOver = new Date(end.getTime() + PAST_DUE_GRACE_DAYS * day);
    expect(computeEntitlements(user("professional", "past_due", end), null, graceOver).plan).toBe("free");
    expect(computeEntitlements(user("professional", "past_due"), null, now).plan).toBe("free");
  });

  it("keeps an active plan whatever its end date says (the payment provider reports the end)", () => {
    const past = new Date(now.getTime() - 40 * day);
    expect(computeEntitlements(user("starter", "active", past), null, now).plan).toBe("starter");
  });
});

describe("usage months", () => {
  it("keys usage by the UTC calendar month and resets at the first instant of the next one", () => {
    expect(usagePeriod(new Date("2026-12-31T23:59:59.999Z"))).toEqual({
      monthYear: "2026-12",
      resetAt: new Date("2027-01-01T00:00:00Z"),
    });
    expect(usagePeriod(new Date("2027-01-01T00:00:00Z")).monthYear).toBe("2027-01");
  });
});

describe("getEntitlements", () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(async () => {
    await db.close();
  });

  it("reads the user's plan and this month's usage, and starts a new month from zero", async () => {
    const u = await db.prisma.user.create({
      data: { email: "month@example.com", password: "x", subscriptionPlan: "starter", subscriptionStatus: "active" },
    });
    await db.prisma.userUsage.create({
      data: { userId: u.id, monthYear: "2026-11", resetAt: new Date("2026-12-01T00:00:00Z"), blogPostsGenerated: 39, blogPostsPublished: 7 },
    });
    const november = await getEntitlements({ prisma: db.prisma }, u.id, now);
    expect(november).toMatchObject({ plan: "starter", postsUsedThisMonth: 39, postsPublishedThisMonth: 7, postsRemaining: 1 });
    expect(november.usageResetsAt).toEqual(new Date("2026-12-01T00:00:00Z"));
    const december = await getEntitlements({ prisma: db.prisma }, u.id, new Date("2026-12-01T00:00:00Z"));
    expect(december).toMatchObject({ postsUsedThisMonth: 0, postsRemaining: 40 });
  });

  it("answers NOT_FOUND for a user that does not exist", async () => {
    await expect(getEntitlements({ prisma: db.prisma }, 999_999, now)).rejects.toMatchObject({ code: "NOT_FOUND" });
  });
});
