import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AdminUserRow } from "@postwright/core/contracts";
import { createTestApp, type TestAgent, type TestApp, type TestUser } from "../testing/index.ts";

const ADMIN_EMAIL = "owner@postwright.example";
const accessDenied = "Access Denied: You don't have permission to access this page.";

describe("admin API", () => {
  let t: TestApp;
  let admin: TestAgent;
  let adminUser: TestUser;

  beforeAll(async () => {
    // Configured in another case: the address is compared without regard to case.
    t = await createTestApp({ env: { ADMIN_EMAIL: "Owner@Postwright.example" } });
    admin = t.agent();
    adminUser = await t.signUpAndLogin(admin, { email: ADMIN_EMAIL, firstName: "Olive", lastName: "Owner" });
  });
  afterAll(async () => {
    await t?.close();
  });

  it("answers 401 to a visitor and 403 to a member who is not the administrator", async () => {
    const visitor = await t.request().get("/api/admin/users");
    expect(visitor.status).toBe(401);
    expect(visitor.body.message).toBe("Unauthorized");

    const member = t.agent();
    const { user } = await t.signUpAndLogin(member);
    const list = await member.get("/api/admin/users");
    expect(list.status).toBe(403);
    expect(list.body.message).toBe(accessDenied);
    const change = await member
      .post("/api/admin/set-subscription")
      .send({ userId: user.id, planName: "professional", status: "active" });
    expect(change.status).toBe(403);
    expect(change.body.message).toBe(accessDenied);
    expect(await t.db.prisma.user.findUniqueOrThrow({ where: { id: user.id } })).toMatchObject({
      subscriptionPlan: "free",
    });
    expect(await t.db.prisma.adminAuditLog.count({ where: { targetUserId: user.id } })).toBe(0);
  });

  it("tells the signed-in user whether they are the administrator", async () => {
    expect((await admin.get("/api/auth/user")).body.isAdmin).toBe(true);
    const member = t.agent();
    await t.signUpAndLogin(member);
    expect((await member.get("/api/auth/user")).body.isAdmin).toBe(false);
  });

  it("lists every user with plan, status, posts used and the limit", async () => {
    const { user } = await t.createUser({ firstName: "Grace", lastName: "Hopper" });
    const res = await admin.get("/api/admin/users");
    expect(res.status).toBe(200);
    const rows = res.body as AdminUserRow[];
    expect(rows.find((r) => r.id === user.id)).toEqual({
      id: user.id,
      email: user.email,
      firstName: "Grace",
      lastName: "Hopper",
      planName: "free",
      status: "free",
      blogsUsed: 0,
      maxBlogs: 5,
      createdAt: user.createdAt.toISOString(),
      currentPeriodEnd: null,
    });
    expect(rows.some((r) => r.email === ADMIN_EMAIL)).toBe(true);
  });

  it("asks for user, plan and status when one is missing", async () => {
    const { user } = await t.createUser();
    for (const body of [
      {},
      { userId: user.id, status: "active" },
      { userId: user.id, planName: "starter" },
      { planName: "starter", status: "active" },
      { userId: user.id, planName: "starter", status: "paused" },
    ]) {
      const res = await admin.post("/api/admin/set-subscription").send(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toBe("Please select user, plan, and status");
    }
    const gone = await admin
      .post("/api/admin/set-subscription")
      .send({ userId: 987_654, planName: "starter", status: "active" });
    expect(gone.status).toBe(404);
    expect(gone.body.message).toBe("That user no longer exists.");
  });

  it("changes a user's plan, which the user sees in their own details, and records it in the audit log", async () => {
    const member = t.agent();
    const { user } = await t.signUpAndLogin(member);
    const res = await admin
      .post("/api/admin/set-subscription")
      .send({ userId: user.id, planName: "professional", status: "active" });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: `${user.email} is now on the Professional plan (active).` });

    const details = await member.get("/api/subscription/details");
    expect(details.body).toMatchObject({
      subscriptionPlan: "professional",
      subscriptionStatus: "active",
      tierInfo: { plan: "professional", blogPostLimit: 100, usageRemaining: 100 },
    });
    const rows = (await admin.get("/api/admin/users")).body as AdminUserRow[];
    expect(rows.find((r) => r.id === user.id)).toMatchObject({
      planName: "professional",
      status: "active",
      maxBlogs: 100,
    });

    const audit = await t.db.prisma.adminAuditLog.findMany({ where: { targetUserId: user.id } });
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      adminUserId: adminUser.user.id,
      action: "set_subscription",
      details: { before: { planName: "free", status: "free" }, after: { planName: "professional", status: "active" } },
    });
  });
});

describe("admin API without ADMIN_EMAIL", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it("lets nobody in", async () => {
    const agent = t.agent();
    await t.signUpAndLogin(agent);
    const res = await agent.get("/api/admin/users");
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(accessDenied);
  });
});
