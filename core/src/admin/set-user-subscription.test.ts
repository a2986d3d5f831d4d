import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getSubscriptionDetails } from "../billing/get-subscription-details.ts";
import { reserveGeneration } from "../billing/generation-quota.ts";
import { createTestDatabase, type TestDatabase } from "../testing/index.ts";
import { listUsersForAdmin } from "./list-users-for-admin.ts";
import { setUserSubscription } from "./set-user-subscription.ts";

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db.close();
});

describe("admin plan changes", () => {
  it("asks for user, plan and status when one is missing or invalid", async () => {
    const admin = await db.prisma.user.create({ data: { email: "admin@example.com", password: "x" } });
    for (const input of [
      { userId: undefined, planName: "starter", status: "active" },
      { userId: admin.id, planName: "", status: "active" },
      { userId: admin.id, planName: "starter", status: "paused" },
    ]) {
      await expect(setUserSubscription({ prisma: db.prisma }, { adminUserId: admin.id, ...input })).rejects.toMatchObject({
        code: "BAD_REQUEST",
        message: "Please select user, plan, and status",
      });
    }
    expect(await db.prisma.adminAuditLog.count()).toBe(0);
  });

  it("changes the plan, records who changed what, and shows it in the user's subscription details", async () => {
    const admin = await db.prisma.user.create({ data: { email: "boss@example.com", password: "x" } });
    const user = await db.prisma.user.create({ data: { email: "writer@example.com", password: "x" } });
    const result = await setUserSubscription(
      { prisma: db.prisma },
      { adminUserId: admin.id, userId: String(user.id), planName: "professional", status: "active" },
    );
    expect(result.message).toBe("writer@example.com is now on the Professional plan (active).");

    const details = await getSubscriptionDetails({ prisma: db.prisma }, user.id);
    expect(details).toMatchObject({
      subscriptionPlan: "professional",
      subscriptionStatus: "active",
      tierInfo: { plan: "professional", blogPostLimit: 100, usageRemaining: 100 },
      billingEnabled: false,
    });

    const audit = await db.prisma.adminAuditLog.findMany({ where: { targetUserId: user.id } });
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      adminUserId: admin.id,
      action: "set_subscription",
      details: { before: { planName: "free", status: "free" }, after: { planName: "professional", status: "active" } },
    });
  });

  it("answers NOT_FOUND for a user that does not exist and writes no audit row", async () => {
    const before = await db.prisma.adminAuditLog.count();
    await expect(
      setUserSubscription({ prisma: db.prisma }, { adminUserId: 1, userId: 987_654, planName: "starter", status: "active" }),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect(await db.prisma.adminAuditLog.count()).toBe(before);
  });
});

describe("admin user list", () => {
  it("shows each user's plan, status, posts used this month, the limit in force and the period end", async () => {
    const now = new Date("2026-11-15T12:00:00Z");
    const end = new Date("2026-11-10T00:00:00Z");
    const lapsed = await db.prisma.user.create({
      data: { email: "lapsed@example.com", password: "x", firstName: "Lee", subscriptionPlan: "starter", subscriptionStatus: "cancelled", subscriptionEndDate: end },
    });
    const pro = await db.prisma.user.create({
      data: { email: "pro@example.com", password: "x", subscriptionPlan: "professional", subscriptionStatus: "active" },
    });
    await reserveGeneration({ prisma: db.prisma }, pro.id, now);
    await reserveGeneration({ prisma: db.prisma }, pro.id, now);
    await reserveGeneration({ prisma: db.prisma }, pro.id, new Date("2026-10-05T00:00:00Z"));

    const rows = await listUsersForAdmin({ prisma: db.prisma }, now);
    expect(rows.find((r) => r.id === lapsed.id)).toEqual({
      id: lapsed.id,
      email: "lapsed@example.com",
      firstName: "Lee",
      lastName: null,
      planName: "starter",
      status: "cancelled",
      blogsUsed: 0,
      maxBlogs: 5,
      createdAt: lapsed.createdAt.toISOString(),
      currentPeriodEnd: end.toISOString(),
    });
    expect(rows.find((r) => r.id === pro.id)).toMatchObject({ planName: "professional", status: "active", blogsUsed: 2, maxBlogs: 100 });
  });
});
