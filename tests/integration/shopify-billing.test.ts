// Shopify billing as the shop's BillingProvider, against the fake Shopify (every query checked against the 2026-10
// schema): the merchant chooses a plan, is sent to Shopify's confirmation page, approves it there, and Shopify's
// app_subscriptions/update webhook puts the shop on the plan; plan changes, cancelling, the one trial and test charges.
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getEntitlements, seedPlans } from "../../core/src/billing/index.ts";
import { ShopifyCostPacer } from "../../core/src/publishing/shopify/index.ts";
import {
  chooseShopPlan,
  confirmShopPlan,
  createShopifyBillingProvider,
  createShopifySessionStore,
  findOrCreateShopAccount,
  getShopPlans,
  handleShopWebhook,
  offlineSessionId,
  type ShopBillingDeps,
} from "../../core/src/shopify-shops/index.ts";
import { createTestDatabase, type TestDatabase } from "../../core/src/testing/index.ts";
import { startFakeShopify, type FakeShopify, type FakeWebhook } from "../fakes/shopify/index.ts";

let fake: FakeShopify;
let db: TestDatabase;
const encryptionKey = randomBytes(32);
const shops = ["first-shop.myshopify.com", "live-shop.myshopify.com", "declining-shop.myshopify.com"];

beforeAll(async () => {
  fake = await startFakeShopify({ shops: shops.map((domain) => ({ domain })) });
  db = await createTestDatabase();
  await seedPlans({ prisma: db.prisma });
});
afterAll(async () => {
  await db.close();
  await fake.close();
});

function billingDeps(options: { isTest: boolean } = { isTest: true }): ShopBillingDeps {
  return {
    prisma: db.prisma,
    billing: createShopifyBillingProvider({
      prisma: db.prisma,
      encryptionKey,
      app: { apiKey: "testApiKey", apiSecret: "testApiSecretKey" },
      fetch,
      shopifyApiBaseUrl: fake.apiBaseUrlTemplate,
      pacer: new ShopifyCostPacer(),
      isTest: options.isTest,
      returnUrl: (shop) => `https://admin.shopify.com/store/${shop.split(".")[0]}/apps/postwright/app/plans`,
    }),
  };
}

async function install(shop: string) {
  const { accessToken, refreshToken } = fake.issueTokens(shop);
  const { user } = await findOrCreateShopAccount(
    { prisma: db.prisma },
    { shop, name: shop.split(".")[0]!, email: null, blogId: null },
  );
  await createShopifySessionStore({ prisma: db.prisma, encryptionKey }).storeSession({
    id: offlineSessionId(shop),
    shop,
    state: "",
    isOnline: false,
    scope: "read_content,write_content",
    expires: null,
    accessToken,
    refreshToken,
    refreshTokenExpires: null,
    onlineAccessInfo: null,
  });
  return user;
}

/** Delivers webhooks to the core as the app's webhook route does once the library has verified them. */
const deliver = (webhook: FakeWebhook) =>
  handleShopWebhook(
    { prisma: db.prisma, encryptionKey, uploadDir: "unused" },
    { webhookId: webhook.id, topic: webhook.topic, shop: webhook.shop, payload: webhook.payload },
  );

describe("Shopify billing", () => {
  const shop = shops[0]!;
  let userId: number;

  it("answers Shopify's confirmation URL for a paid plan, with the 7-day trial and a test charge; nothing changes yet", async () => {
    userId = (await install(shop)).id;
    const { url } = await chooseShopPlan(billingDeps(), { shop, planKey: "Starter (monthly)" });
    expect(url).toMatch(
      new RegExp(`^${fake.origin}/shops/${shop}/admin/charges/.+/confirm_recurring_application_charge\\?signature=`),
    );
    expect(fake.shop(shop).subscriptions).toEqual([
      expect.objectContaining({
        name: "Starter (monthly)",
        status: "PENDING",
        trialDays: 7,
        test: true,
        amount: "29.0",
        interval: "EVERY_30_DAYS",
      }),
    ]);
    expect(fake.shop(shop).subscriptions[0]!.returnUrl).toBe(
      "https://admin.shopify.com/store/first-shop/apps/postwright/app/plans",
    );
    expect((await getEntitlements({ prisma: db.prisma }, userId)).plan).toBe("free");
    expect((await getShopPlans({ prisma: db.prisma }, { shop })).plan).toBe("Free");
  });

  it("puts the shop on the plan once the merchant approves and the webhook arrives, once however often it is delivered", async () => {
    const pending = fake.shop(shop).subscriptions[0]!;
    const { url } = await chooseShopPlan(billingDeps(), { shop, planKey: "Starter (monthly)" });
    const { returnUrl, webhooks } = await fake.approveSubscription(url!);
    expect(new URL(returnUrl).searchParams.get("charge_id")).toBe(
      fake.shop(shop).subscriptions[1]!.id.split("/").pop(),
    );
    expect(pending.status).toBe("PENDING");
    expect(webhooks.map((w) => w.payload.app_subscription.status)).toEqual(["ACTIVE"]);

    expect(await deliver(webhooks[0]!)).toBe("applied");
    expect(await deliver(webhooks[0]!)).toBe("duplicate");
    const entitlements = await getEntitlements({ prisma: db.prisma }, userId);
    expect(entitlements).toMatchObject({ plan: "starter", status: "active", blogPostLimit: 40, canSchedule: true });
    // The return to the app with charge_id confirms the same subscription again: nothing more changes.
    await confirmShopPlan(billingDeps(), { shop, chargeId: new URL(returnUrl).searchParams.get("charge_id")! });
    expect((await getEntitlements({ prisma: db.prisma }, userId)).plan).toBe("starter");
    const view = await getShopPlans({ prisma: db.prisma }, { shop });
    expect(view).toMatchObject({ plan: "Starter", canCancel: true });
    expect(view.offers.filter((o) => o.current).map((o) => o.key)).toEqual(["Starter (monthly)"]);
  });

  it("changes plan: yearly Professional at -20 % replaces Starter, without a second trial, whatever order the webhooks come in", async () => {
    const { url } = await chooseShopPlan(billingDeps(), { shop, planKey: "Professional (yearly)" });
    const created = fake.shop(shop).subscriptions.at(-1)!;
    expect(created).toMatchObject({ trialDays: 0, amount: "566.4", interval: "ANNUAL" });
    const { webhooks } = await fake.approveSubscription(url!);
    expect(webhooks.map((w) => [w.payload.app_subscription.name, w.payload.app_subscription.status])).toEqual([
      ["Starter (monthly)", "CANCELLED"],
      ["Professional (yearly)", "ACTIVE"],
    ]);
    await deliver(webhooks[1]!);
    await deliver(webhooks[0]!);
    expect(await getEntitlements({ prisma: db.prisma }, userId)).toMatchObject({
      plan: "professional",
      blogPostLimit: 100,
      maxConnectionsPerPlatform: 10,
    });
  });

  it("cancels with Shopify and returns the shop to Free; the cancellation's webhook changes nothing more", async () => {
    const before = fake.shop(shop).webhooks.length;
    expect(await chooseShopPlan(billingDeps(), { shop, planKey: "free" })).toEqual({});
    expect(fake.shop(shop).subscriptions.filter((s) => s.status === "ACTIVE")).toEqual([]);
    expect(await getEntitlements({ prisma: db.prisma }, userId)).toMatchObject({
      plan: "free",
      blogPostLimit: 5,
      canSchedule: false,
    });
    const cancellation = fake.shop(shop).webhooks.slice(before);
    expect(cancellation.map((w) => w.payload.app_subscription.status)).toEqual(["CANCELLED"]);
    expect(await deliver(cancellation[0]!)).toBe("applied");
    expect((await getEntitlements({ prisma: db.prisma }, userId)).plan).toBe("free");
    await expect(chooseShopPlan(billingDeps(), { shop, planKey: "free" })).resolves.toEqual({});
  });

  it("charges for real in production, and a declined confirmation leaves the plan alone", async () => {
    const live = shops[1]!;
    await install(live);
    const { url } = await chooseShopPlan(billingDeps({ isTest: false }), {
      shop: live,
      planKey: "Professional (monthly)",
    });
    expect(fake.shop(live).subscriptions[0]).toMatchObject({ test: false, trialDays: 7, amount: "59.0" });

    const declining = shops[2]!;
    const user = await install(declining);
    const offer = await chooseShopPlan(billingDeps(), { shop: declining, planKey: "Starter (yearly)" });
    const { returnUrl, webhooks } = await fake.declineSubscription(offer.url!);
    await deliver(webhooks[0]!);
    expect((await getEntitlements({ prisma: db.prisma }, user.id)).plan).toBe("free");
    await expect(
      confirmShopPlan(billingDeps(), { shop: declining, chargeId: new URL(returnUrl).searchParams.get("charge_id")! }),
    ).rejects.toThrow("This subscription was not approved");
    expect(url).toContain("confirm_recurring_application_charge");
  });

  it("refuses a plan that is not sold through Shopify", async () => {
    await expect(chooseShopPlan(billingDeps(), { shop, planKey: "Enterprise (monthly)" })).rejects.toThrow(
      "Choose one of the plans shown.",
    );
  });
});
