import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../testing/index.ts";
import { createDisabledBillingProvider } from "./disabled-billing-provider.ts";
import { getSubscriptionDetails } from "./get-subscription-details.ts";
import { openBillingPortal } from "./open-billing-portal.ts";
import { seedPlans } from "./plans.ts";
import { startCheckout } from "./start-checkout.ts";

let db: TestDatabase;
const billing = createDisabledBillingProvider();
const planId = async (name: string, interval = "month") =>
  (await db.prisma.subscriptionPlan.findFirstOrThrow({ where: { name, interval } })).id;

beforeAll(async () => {
  db = await createTestDatabase();
  await seedPlans({ prisma: db.prisma });
});
afterAll(async () => {
  await db.close();
});

describe("checkout without a payment provider", () => {
  it("switches the user to the free plan and returns no url", async () => {
    const user = await db.prisma.user.create({
      data: { email: "granted@example.com", password: "x", subscriptionPlan: "starter", subscriptionStatus: "active" },
    });
    const result = await startCheckout({ prisma: db.prisma, billing }, { userId: user.id, planId: await planId("free") });
    expect(result.url).toBeUndefined();
    const details = await getSubscriptionDetails({ prisma: db.prisma, billing }, user.id);
    expect(details).toMatchObject({ subscriptionPlan: "free", subscriptionStatus: "free", tierInfo: { blogPostLimit: 5 }, billingEnabled: false });
  });

  it("explains that online payments are not configured for a paid plan", async () => {
    const user = await db.prisma.user.create({ data: { email: "buyer@example.com", password: "x" } });
    const attempt = startCheckout({ prisma: db.prisma, billing }, { userId: user.id, planId: await planId("starter", "year") });
    await expect(attempt).rejects.toMatchObject({ code: "UNAVAILABLE" });
    await expect(attempt).rejects.toThrow(/Online payments are not configured on this site/);
    await expect(openBillingPortal({ prisma: db.prisma, billing }, user.id)).rejects.toThrow(/Online payments are not configured/);
    expect((await getSubscriptionDetails({ prisma: db.prisma, billing }, user.id)).subscriptionPlan).toBe("free");
  });

  it("sends enterprise to the sales team and refuses unknown or inactive plans", async () => {
    const user = await db.prisma.user.create({ data: { email: "big@example.com", password: "x" } });
    await expect(startCheckout({ prisma: db.prisma, billing }, { userId: user.id, planId: await planId("enterprise") })).rejects.toThrow(
      /contact us/,
    );
    await expect(startCheckout({ prisma: db.prisma, billing }, { userId: user.id, planId: 999_999 })).rejects.toMatchObject({ code: "NOT_FOUND" });
    const hidden = await planId("professional", "year");
    await db.prisma.subscriptionPlan.update({ where: { id: hidden }, data: { isActive: false } });
    await expect(startCheckout({ prisma: db.prisma, billing }, { userId: user.id, planId: hidden })).rejects.toMatchObject({ code: "NOT_FOUND" });
  });
});
