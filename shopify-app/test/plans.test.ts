// The Plans page through the app's routes, signed in with a session token, against the fake Shopify's Billing API:
// choosing a plan sends the merchant to Shopify's confirmation page, the plan applies once the merchant approved it
// and came back with charge_id, and cancelling returns the shop to Free.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Session } from "@shopify/shopify-api";
import { TEST_SHOP } from "@shopify/shopify-api/test-helpers";
import { seedPlans } from "@postwright/core/billing";
import { startFakeShopify, type FakeShopify } from "../../tests/fakes/shopify/index.ts";
import { appContext } from "../app/context.server";
import { callRoute, startAppHarness, type AppHarness } from "./app-harness";

let fake: FakeShopify;
let harness: AppHarness;
beforeAll(async () => {
  fake = await startFakeShopify({ shops: [{ domain: TEST_SHOP, name: "Test Shop" }] });
  harness = await startAppHarness({ fake });
  await seedPlans({ prisma: harness.db.prisma });
});
afterAll(async () => {
  await harness.close();
  await fake.close();
});

describe("the Plans page", () => {
  it("opened first, before the app's home, makes the shop's account and shows the Free plan", async () => {
    const account = () => harness.db.prisma.user.findUnique({ where: { shopDomain: TEST_SHOP } });
    // Shopify's session for the store is already kept (its install stopped before the account was made), so the
    // request exchanges no token and no install runs: the Plans page is the first to need the account.
    const { default: shopify } = await import("../app/shopify.server");
    const session = new Session({ id: `offline_${TEST_SHOP}`, shop: TEST_SHOP, state: "", isOnline: false });
    session.accessToken = fake.issueTokens(TEST_SHOP).accessToken;
    session.scope = (await appContext()).shopify.scopes.toString();
    await shopify.sessionStorage!.storeSession(session);
    expect(await account()).toBeNull();
    const plans = await import("../app/routes/app.plans");
    expect(await callRoute(plans.loader, "/app/plans")).toMatchObject({ plan: "Free", canCancel: false, notice: null });
    expect(await account()).toMatchObject({ shopDomain: TEST_SHOP });
  });

  it("sends the merchant to Shopify's confirmation, applies the approved plan on return, and cancels", async () => {
    const home = await import("../app/routes/app._index");
    await callRoute(home.loader, "/app"); // the app's home finds the same account
    const plans = await import("../app/routes/app.plans");
    expect(await callRoute(plans.loader, "/app/plans")).toMatchObject({ plan: "Free", canCancel: false });

    const chosen = (await callRoute(plans.action, "/app/plans", { plan: "Starter (monthly)" })) as unknown as Response;
    expect(chosen).toBeInstanceOf(Response);
    // The form's fetch gets the answer App Bridge follows: a 401 naming the confirmation page, which App Bridge opens
    // in the whole admin window (never a redirect the frame would follow inside itself).
    expect(chosen.status).toBe(401);
    expect(chosen.headers.get("location")).toBeNull();
    const confirmation = chosen.headers.get("X-Shopify-API-Request-Failure-Reauthorize-Url");
    expect(confirmation).toContain("/confirm_recurring_application_charge");
    // Remix's single fetch keeps a thrown answer's headers only if the route passes them on: this one does.
    const passedOn = new Headers(
      plans.headers({
        errorHeaders: chosen.headers,
        actionHeaders: new Headers(),
        loaderHeaders: new Headers(),
        parentHeaders: new Headers(),
      } as never),
    );
    expect(passedOn.get("X-Shopify-API-Request-Failure-Reauthorize-Url")).toBe(confirmation);
    expect(fake.shop(TEST_SHOP).subscriptions[0]).toMatchObject({
      name: "Starter (monthly)",
      test: true,
      trialDays: 7,
    });

    const { returnUrl } = await fake.approveSubscription(confirmation!);
    // Back in Shopify admin, on the app's Plans page.
    expect(returnUrl).toMatch(/^https:\/\/admin\.shopify\.com\/store\/[^/]+\/apps\/[^/]+\/app\/plans\?/);
    const chargeId = new URL(returnUrl).searchParams.get("charge_id")!;
    const back = await callRoute(plans.loader, `/app/plans?charge_id=${chargeId}`);
    expect(back).toMatchObject({ plan: "Starter", canCancel: true, notice: null });

    expect(await callRoute(plans.action, "/app/plans", { plan: "free" })).toEqual({
      message: "Your subscription is cancelled. You are back on the Free plan.",
    });
    expect(fake.shop(TEST_SHOP).subscriptions[0]!.status).toBe("CANCELLED");
    expect(await callRoute(plans.loader, "/app/plans")).toMatchObject({ plan: "Free", canCancel: false });
  });
});
