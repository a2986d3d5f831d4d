import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../testing/index.ts";
import { cancelSubscription } from "./cancel-subscription.ts";
import { createDisabledBillingProvider } from "./disabled-billing-provider.ts";
import { reactivateSubscription } from "./reactivate-subscription.ts";

// Plans granted by the administrator have no subscription at a payment provider; cancelling and reactivating them
// works on Postwright's records alone (the Stripe paths are covered in tests/integration/stripe-*.test.ts).
let db: TestDatabase;
const billing = createDisabledBillingProvider();
const now = new Date("2026-11-15T12:00:00Z");

beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db.close();
});

describe("cancel and reactivate a plan granted without payment", () => {
  it("keeps the plan until its end date when cancelled, and reactivates it before then", async () => {
    const end = new Date("2026-12-01T00:00:00Z");
    const user = await db.prisma.user.create({
      data: { email: "grant1@example.com", password: "x", subscriptionPlan: "starter", subscriptionStatus: "active", subscriptionEndDate: end },
    });
    const cancelled = await cancelSubscription({ prisma: db.prisma, billing }, user.id, now);
    expect(cancelled).toMatchObject({ subscriptionStatus: "cancelled", subscriptionEndDate: end.toISOString(), tierInfo: { plan: "starter" } });
    await expect(cancelSubscription({ prisma: db.prisma, billing }, user.id, now)).rejects.toThrow("You have no active paid subscription to cancel.");
    const reactivated = await reactivateSubscription({ prisma: db.prisma, billing }, user.id, now);
    expect(reactivated).toMatchObject({ subscriptionStatus: "active", tierInfo: { plan: "starter", blogPostLimit: 40 } });
    await expect(reactivateSubscription({ prisma: db.prisma, billing }, user.id, now)).rejects.toThrow(
      "Only a cancelled subscription can be reactivated.",
    );
  });

  it("ends a grant without an end date at once, after which it cannot be reactivated", async () => {
    const user = await db.prisma.user.create({
      data: { email: "grant2@example.com", password: "x", subscriptionPlan: "professional", subscriptionStatus: "active" },
    });
    const cancelled = await cancelSubscription({ prisma: db.prisma, billing }, user.id, now);
    expect(cancelled).toMatchObject({ subscriptionPlan: "professional", subscriptionStatus: "cancelled", tierInfo: { plan: "free" } });
    await expect(reactivateSubscription({ prisma: db.prisma, billing }, user.id, new Date(now.getTime() + 1000))).rejects.toThrow(
      /already ended/,
    );
  });

  it("has nothing to cancel on the free plan", async () => {
    const user = await db.prisma.user.create({ data: { email: "free@example.com", password: "x" } });
    await expect(cancelSubscription({ prisma: db.prisma, billing }, user.id, now)).rejects.toMatchObject({ code: "BAD_REQUEST" });
  });
});
