// The Plans page through the app's routes, signed in with a session token, against the fake Shopify's Billing API:
// choosing a plan sends the merchant to Shopify's confirmation page, the plan applies once the merchant approved it
// and came back with charge_id, and cancelling returns the shop to Free.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { API_KEY, API_SECRET_KEY, TEST_SHOP, TEST_SHOP_NAME, getJwt } from "@shopify/shopify-api/test-helpers";
import { seedPlans } from "@postwright/core/billing";
import { startFakeShopify, type FakeShopify } from "../../tests/fakes/shopify/index.ts";
import { startAppHarness, type AppHarness } from "./app-harness";

let fake: FakeShopify;
let harness: AppHarness;
let token: string;
beforeAll(async () => {
  fake = await startFakeShopify({ shops: [{ domain: TEST_SHOP, name: "Test Shop" }] });
  harness = await startAppHarness({ fake });
  await seedPlans({ prisma: harness.db.prisma });
  token = (await getJwt(TEST_SHOP_NAME, API_KEY, API_SECRET_KEY)).token;
});
afterAll(async () => {
  await harness.close();
  await fake.close();
});

async function call<T>(fn: (args: never) => Promise<T>, path: string, form?: Record<string, string>) {
  const url = new URL(`https://my-test-app.myshopify.io${path}`);
  url.searchParams.set("shop", TEST_SHOP);
  const request = new Request(url, {
    method: form ? "POST" : "GET",
    headers: { authorization: `Bearer ${token}` },
    body: form ? new URLSearchParams(form) : undefined,
  });
  try {
    return await fn({ request, params: {}, context: {} } as never);
  } catch (thrown) {
    if (thrown instanceof Response) return thrown as T;
    throw thrown;
  }
}

describe("the Plans page", () => {
  it("sends the merchant to Shopify's confirmation, applies the approved plan on return, and cancels", async () => {
    const home = await import("../app/routes/app._index");
    await call(home.loader, "/app"); // the first request installs the app
    const plans = await import("../app/routes/app.plans");
    expect(await call(plans.loader, "/app/plans")).toMatchObject({ plan: "Free", canCancel: false });

    const chosen = (await call(plans.action, "/app/plans", { plan: "Starter (monthly)" })) as unknown as Response;
    expect(chosen).toBeInstanceOf(Response);
    // An embedded fetch is told to open the confirmation page in the whole admin window.
    const confirmation =
      chosen.headers.get("X-Shopify-API-Request-Failure-Reauthorize-Url") ?? chosen.headers.get("location");
    expect(confirmation).toContain("/confirm_recurring_application_charge");
    expect(fake.shop(TEST_SHOP).subscriptions[0]).toMatchObject({
      name: "Starter (monthly)",
      test: true,
      trialDays: 7,
    });

    const { returnUrl } = await fake.approveSubscription(confirmation!);
    const chargeId = new URL(returnUrl).searchParams.get("charge_id")!;
    const back = await call(plans.loader, `/app/plans?charge_id=${chargeId}`);
    expect(back).toMatchObject({ plan: "Starter", canCancel: true, notice: null });

    expect(await call(plans.action, "/app/plans", { plan: "free" })).toEqual({
      message: "Your subscription is cancelled. You are back on the Free plan.",
    });
    expect(fake.shop(TEST_SHOP).subscriptions[0]!.status).toBe("CANCELLED");
    expect(await call(plans.loader, "/app/plans")).toMatchObject({ plan: "Free", canCancel: false });
  });
});
