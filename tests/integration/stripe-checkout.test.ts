// Checkout, activation, the billing portal, cancel and reactivate, through the Stripe provider against the fake.
import {
  activateCheckout,
  cancelSubscription,
  getSubscriptionDetails,
  openBillingPortal,
  reactivateSubscription,
  startCheckout,
} from "@postwright/core/billing";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { deleteAccount, hashPassword } from "@postwright/core/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { APP_URL, startStripeBillingHarness, type StripeBillingHarness } from "../fakes/stripe/harness.ts";

let h: StripeBillingHarness;
beforeAll(async () => {
  h = await startStripeBillingHarness();
});
afterAll(async () => {
  await h.close();
});

/** What the user does on the hosted page: press the button, follow the redirect back to the site. */
async function pay(checkoutUrl: string): Promise<string> {
  const page = await fetch(checkoutUrl);
  expect(page.status).toBe(200);
  const form = (await page.text()).match(/action="([^"]+)"/)?.[1];
  const response = await fetch(new URL(form!, checkoutUrl), { method: "POST", redirect: "manual" });
  expect(response.status).toBe(303);
  const back = new URL(response.headers.get("location")!);
  expect(`${back.origin}${back.pathname}`).toBe(`${APP_URL}/subscription/success`);
  return back.searchParams.get("session_id")!;
}

async function subscribe(userId: number, plan: string, interval: "month" | "year" = "month") {
  const { url } = await startCheckout(h.deps, { userId, planId: await h.planId(plan, interval) });
  const sessionId = await pay(url!);
  return { sessionId, details: await activateCheckout(h.deps, { userId, sessionId }) };
}

describe("Stripe checkout", () => {
  it("sends a paid plan to Stripe Checkout with a 7-day trial, creating the customer once for the user", async () => {
    const user = await h.createUser({ firstName: "Ada", lastName: "Lovelace" });
    const before = h.fake.state.customers.size;
    const first = await startCheckout(h.deps, { userId: user.id, planId: await h.planId("starter") });
    const second = await startCheckout(h.deps, { userId: user.id, planId: await h.planId("professional", "year") });
    expect(first.url).toMatch(new RegExp(`^${h.fake.url}/checkout/cs_test_`));
    expect(second.url).not.toBe(first.url);
    expect(h.fake.state.customers.size).toBe(before + 1);

    const stored = await h.db.prisma.user.findUniqueOrThrow({ where: { id: user.id } });
    const customer = h.fake.state.customers.get(stored.stripeCustomerId!);
    expect(customer).toMatchObject({ email: user.email, name: "Ada Lovelace", metadata: { userId: String(user.id) } });

    const session = h.fake.state.checkoutSessions.get(second.url!.split("/").pop()!);
    expect(session).toMatchObject({
      mode: "subscription",
      customer: stored.stripeCustomerId,
      client_reference_id: String(user.id),
      metadata: { userId: String(user.id), plan: "professional", interval: "year" },
      success_url: `${APP_URL}/subscription/success?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${APP_URL}/pricing`,
      amount_total: 56640,
    });
    expect(h.fake.state.checkoutTrialDays(session!.id)).toBe(7);
    expect(
      h.fake.requests
        .filter((r) => r.path === "/v1/checkout/sessions")
        .every((r) => r.idempotencyKey?.startsWith("postwright-checkout-")),
    ).toBe(true);
    // The plan changes only once payment is confirmed.
    expect((await getSubscriptionDetails(h.deps, user.id)).subscriptionPlan).toBe("free");
  });

  it("creates one customer when a user's first checkouts run at the same time", async () => {
    const user = await h.createUser();
    const before = h.fake.state.customers.size;
    const planId = await h.planId("starter");
    await Promise.all([1, 2, 3].map(() => startCheckout(h.deps, { userId: user.id, planId })));
    expect(h.fake.state.customers.size).toBe(before + 1);
  });

  it("activates the paid plan from the success page, once, for the session's own user only", async () => {
    const user = await h.createUser();
    const { url } = await startCheckout(h.deps, { userId: user.id, planId: await h.planId("starter") });
    const sessionId = await pay(url!);

    const stranger = await h.createUser();
    await expect(activateCheckout(h.deps, { userId: stranger.id, sessionId })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    expect((await getSubscriptionDetails(h.deps, stranger.id)).subscriptionPlan).toBe("free");

    const details = await activateCheckout(h.deps, { userId: user.id, sessionId });
    const subscription = h.fake.state.subscriptions.get(
      (await h.db.prisma.user.findUniqueOrThrow({ where: { id: user.id } })).stripeSubscriptionId!,
    );
    expect(subscription?.status).toBe("trialing");
    expect(details).toMatchObject({
      subscriptionPlan: "starter",
      subscriptionStatus: "active",
      subscriptionEndDate: new Date(subscription!.trial_end! * 1000).toISOString(),
      tierInfo: { plan: "starter", blogPostLimit: 40, usageRemaining: 40 },
      billingEnabled: true,
    });
    expect(await activateCheckout(h.deps, { userId: user.id, sessionId })).toEqual(details);
    await expect(activateCheckout(h.deps, { userId: user.id, sessionId: "cs_test_unknown" })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
  });

  it("does not activate a checkout that was not paid", async () => {
    const user = await h.createUser();
    const { url } = await startCheckout(h.deps, { userId: user.id, planId: await h.planId("professional") });
    const sessionId = url!.split("/").pop()!;
    await expect(activateCheckout(h.deps, { userId: user.id, sessionId })).rejects.toThrow(
      "Your payment has not been completed yet.",
    );
    expect((await getSubscriptionDetails(h.deps, user.id)).subscriptionPlan).toBe("free");
  });

  it("opens the billing portal for a customer, returning to the subscription page", async () => {
    const user = await h.createUser();
    await expect(openBillingPortal(h.deps, user.id)).rejects.toMatchObject({ code: "BAD_REQUEST" });
    await subscribe(user.id, "starter");
    const { url } = await openBillingPortal(h.deps, user.id);
    expect(url).toMatch(new RegExp(`^${h.fake.url}/portal/`));
    const html = await (await fetch(url)).text();
    expect(html).toContain(`href="${APP_URL}/subscription"`);
    expect(html).toContain("trialing");
  });

  it("cancels at the period end, keeping the plan until then, and reactivates", async () => {
    const user = await h.createUser();
    const { details } = await subscribe(user.id, "professional");
    const stored = await h.db.prisma.user.findUniqueOrThrow({ where: { id: user.id } });

    const cancelled = await cancelSubscription(h.deps, user.id);
    expect(cancelled).toMatchObject({
      subscriptionPlan: "professional",
      subscriptionStatus: "cancelled",
      subscriptionEndDate: details.subscriptionEndDate,
      tierInfo: { plan: "professional", blogPostLimit: 100 },
    });
    expect(h.fake.state.subscriptions.get(stored.stripeSubscriptionId!)?.cancel_at_period_end).toBe(true);
    await expect(cancelSubscription(h.deps, user.id)).rejects.toMatchObject({ code: "BAD_REQUEST" });

    const reactivated = await reactivateSubscription(h.deps, user.id);
    expect(reactivated).toMatchObject({ subscriptionPlan: "professional", subscriptionStatus: "active" });
    expect(h.fake.state.subscriptions.get(stored.stripeSubscriptionId!)?.cancel_at_period_end).toBe(false);
  });

  it("deletes a paying user's account only after Stripe has ended the subscription at once", async () => {
    const user = await h.createUser();
    await subscribe(user.id, "starter");
    const stored = await h.db.prisma.user.findUniqueOrThrow({ where: { id: user.id } });
    const password = "Delete-me-1";
    await h.db.prisma.user.update({ where: { id: user.id }, data: { password: await hashPassword(password) } });
    const uploadDir = mkdtempSync(join(tmpdir(), "postwright-delete-stripe-"));
    try {
      await deleteAccount(
        {
          ...h.deps,
          mailer: { mode: "development", revealsCodes: true, send: async () => {}, close() {} },
          config: { appUrl: APP_URL, adminEmail: undefined, uploadDir },
        },
        { userId: user.id, password },
      );
    } finally {
      rmSync(uploadDir, { recursive: true, force: true });
    }
    // Not merely set to stop renewing: ended now, so nothing is ever charged for an account that is gone.
    expect(h.fake.state.subscriptions.get(stored.stripeSubscriptionId!)?.status).toBe("canceled");
    expect(await h.db.prisma.user.count({ where: { id: user.id } })).toBe(0);
  });

  it("lets a paying user choose free: the subscription ends with its period and no url comes back", async () => {
    const user = await h.createUser();
    await subscribe(user.id, "starter");
    const result = await startCheckout(h.deps, { userId: user.id, planId: await h.planId("free") });
    expect(result.url).toBeUndefined();
    expect(await getSubscriptionDetails(h.deps, user.id)).toMatchObject({
      subscriptionPlan: "starter",
      subscriptionStatus: "cancelled",
      tierInfo: { plan: "starter" },
    });
  });

  it("switches plans with a new checkout without a second trial, and cancels the replaced subscription", async () => {
    const user = await h.createUser();
    await subscribe(user.id, "starter");
    const first = (await h.db.prisma.user.findUniqueOrThrow({ where: { id: user.id } })).stripeSubscriptionId!;
    const { url } = await startCheckout(h.deps, { userId: user.id, planId: await h.planId("professional", "year") });
    expect(h.fake.state.checkoutTrialDays(url!.split("/").pop()!)).toBeNull();
    const sessionId = await pay(url!);
    const details = await activateCheckout(h.deps, { userId: user.id, sessionId });
    expect(details).toMatchObject({
      subscriptionPlan: "professional",
      subscriptionStatus: "active",
      tierInfo: { blogPostLimit: 100 },
    });
    expect(h.fake.state.subscriptions.get(first)?.status).toBe("canceled");
    expect((await h.db.prisma.user.findUniqueOrThrow({ where: { id: user.id } })).subscriptionInterval).toBe("year");
  });

  it("refuses to sell enterprise online and reports a Stripe outage as a temporary problem", async () => {
    const user = await h.createUser();
    await expect(startCheckout(h.deps, { userId: user.id, planId: await h.planId("enterprise") })).rejects.toThrow(
      /sales team/,
    );
    await startCheckout(h.deps, { userId: user.id, planId: await h.planId("starter") });
    h.fake.failNext(500, "Stripe is down", 3);
    await expect(
      startCheckout(h.deps, { userId: user.id, planId: await h.planId("starter", "year") }),
    ).rejects.toMatchObject({
      code: "UPSTREAM",
      message: "The payment service could not complete the request. Please try again in a moment.",
    });
  });
});

describe("Stripe checkout without a configured price id", () => {
  it("describes the price inline and still recognises the plan after payment", async () => {
    const planId = await h.planId("professional", "year");
    const { stripePriceId } = await h.db.prisma.subscriptionPlan.findUniqueOrThrow({ where: { id: planId } });
    await h.db.prisma.subscriptionPlan.update({ where: { id: planId }, data: { stripePriceId: null } });
    try {
      const user = await h.createUser();
      const { url } = await startCheckout(h.deps, { userId: user.id, planId });
      const sessionId = url!.split("/").pop()!;
      const [item] = h.fake.state.checkoutLineItems(sessionId);
      expect(item?.price).toMatchObject({ unit_amount: 56640, recurring: { interval: "year" } });
      expect(item?.price.id).not.toBe(stripePriceId);
      await h.fake.completeCheckout(sessionId);
      expect(await activateCheckout(h.deps, { userId: user.id, sessionId })).toMatchObject({
        subscriptionPlan: "professional",
        tierInfo: { blogPostLimit: 100 },
      });
    } finally {
      await h.db.prisma.subscriptionPlan.update({ where: { id: planId }, data: { stripePriceId } });
    }
  });
});
