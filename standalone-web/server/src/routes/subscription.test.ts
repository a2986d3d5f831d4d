import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PlanView, SubscriptionDetails } from "@postwright/core/contracts";
import { POSTWRIGHT_PRICES, startFakeStripe, type FakeStripe } from "../../../../tests/fakes/stripe/index.ts";
import { createTestApp, type TestAgent, type TestApp } from "../testing/index.ts";

const APP_URL = "http://app.test";

/** What a person does on the hosted payment page: press the button and follow the redirect back to the site. */
async function pay(checkoutUrl: string): Promise<string> {
  const page = await fetch(checkoutUrl);
  expect(page.status).toBe(200);
  const action = (await page.text()).match(/action="([^"]+)"/)?.[1];
  expect(action).toBeDefined();
  const response = await fetch(new URL(action!, checkoutUrl), { method: "POST", redirect: "manual" });
  expect(response.status).toBe(303);
  const back = new URL(response.headers.get("location")!);
  expect(`${back.origin}${back.pathname}`).toBe(`${APP_URL}/subscription/success`);
  return back.searchParams.get("session_id")!;
}

describe("subscription API with Stripe", () => {
  let fake: FakeStripe;
  let t: TestApp;

  beforeAll(async () => {
    fake = await startFakeStripe();
    t = await createTestApp({
      env: {
        APP_URL,
        STRIPE_SECRET_KEY: fake.apiKey,
        STRIPE_WEBHOOK_SECRET: fake.webhookSecret,
        STRIPE_API_BASE: fake.url,
        STRIPE_PRICE_STARTER_MONTH: POSTWRIGHT_PRICES["starter:month"].id,
        STRIPE_PRICE_STARTER_YEAR: POSTWRIGHT_PRICES["starter:year"].id,
        STRIPE_PRICE_PROFESSIONAL_MONTH: POSTWRIGHT_PRICES["professional:month"].id,
        STRIPE_PRICE_PROFESSIONAL_YEAR: POSTWRIGHT_PRICES["professional:year"].id,
      },
    });
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  async function planId(name: string, interval: "month" | "year" = "month"): Promise<number> {
    const res = await t.request().get("/api/subscription/plans");
    const plan = (res.body as PlanView[]).find((p) => p.name === name && p.interval === interval);
    if (!plan) throw new Error(`no ${name} ${interval} plan`);
    return plan.id;
  }

  const details = async (agent: TestAgent): Promise<SubscriptionDetails> => {
    const res = await agent.get("/api/subscription/details");
    expect(res.status).toBe(200);
    return res.body as SubscriptionDetails;
  };

  /** A signed-in member who has paid for a plan and come back to the success page. */
  async function subscribedMember(plan = "starter") {
    const agent = t.agent();
    const { user } = await t.signUpAndLogin(agent);
    const checkout = await agent.post("/api/subscription/checkout").send({ planId: await planId(plan) });
    expect(checkout.status).toBe(200);
    const sessionId = await pay(checkout.body.url);
    const activation = await agent.post("/api/subscription/success").send({ sessionId });
    expect(activation.status).toBe(200);
    return { agent, user, sessionId, activation: activation.body as SubscriptionDetails };
  }

  it("lists the active plans to anyone, in the product's order, without payment-provider ids", async () => {
    const res = await t.request().get("/api/subscription/plans");
    expect(res.status).toBe(200);
    const plans = res.body as PlanView[];
    expect(plans.map((p) => `${p.name}:${p.interval}`)).toEqual([
      "free:month",
      "starter:month",
      "starter:year",
      "professional:month",
      "professional:year",
      "enterprise:month",
      "enterprise:year",
    ]);
    expect(plans.find((p) => p.name === "starter" && p.interval === "month")).toMatchObject({
      price: 2900,
      blogPostLimit: 40,
    });
    expect(plans.find((p) => p.name === "enterprise")?.blogPostLimit).toBe(-1);
    expect(JSON.stringify(plans)).not.toContain("price_starter_month");
  });

  it("tells the pricing page that paid plans can be bought online, and enterprise goes through sales", async () => {
    const plans = (await t.request().get("/api/subscription/plans")).body as PlanView[];
    expect(plans.map((p) => `${p.name}:${p.interval}:${p.checkoutAvailable}`)).toEqual([
      "free:month:true",
      "starter:month:true",
      "starter:year:true",
      "professional:month:true",
      "professional:year:true",
      "enterprise:month:false",
      "enterprise:year:false",
    ]);
  });

  it("answers 401 with a message to a visitor asking about a subscription", async () => {
    for (const [method, path] of [
      ["get", "/api/subscription/current"],
      ["get", "/api/subscription/details"],
      ["post", "/api/subscription/checkout"],
      ["post", "/api/subscription/success"],
      ["post", "/api/subscription/cancel"],
      ["post", "/api/subscription/reactivate"],
      ["post", "/api/subscription/billing-portal"],
    ] as const) {
      const res = await t.request()[method](path).send({});
      expect(res.status, path).toBe(401);
      expect(res.body.message, path).toBe("Unauthorized");
    }
  });

  it("shows a new member the free plan with 5 posts a month and online payments on", async () => {
    const agent = t.agent();
    await t.signUpAndLogin(agent);
    expect(await details(agent)).toEqual({
      subscriptionPlan: "free",
      subscriptionStatus: "free",
      subscriptionEndDate: null,
      tierInfo: {
        plan: "free",
        blogPostLimit: 5,
        usageRemaining: 5,
        features: expect.arrayContaining(["5 blog posts per month"]),
        canSchedule: false,
      },
      usage: { blogPostsGenerated: 0, blogPostsPublished: 0 },
      billingEnabled: true,
    });
    const current = await agent.get("/api/subscription/current");
    expect(current.body).toEqual({ subscriptionPlan: "free", subscriptionStatus: "free", subscriptionEndDate: null });
  });

  it("sends a paid plan to the payment page and changes the plan only once payment is confirmed", async () => {
    const agent = t.agent();
    const { user } = await t.signUpAndLogin(agent);
    const res = await agent.post("/api/subscription/checkout").send({ planId: await planId("professional", "year") });
    expect(res.status).toBe(200);
    expect(res.body.url).toMatch(new RegExp(`^${fake.url}/checkout/cs_`));
    const session = fake.state.checkoutSessions.get(String(res.body.url).split("/").pop()!);
    expect(session).toMatchObject({
      client_reference_id: String(user.id),
      success_url: `${APP_URL}/subscription/success?session_id={CHECKOUT_SESSION_ID}`,
    });
    expect((await details(agent)).subscriptionPlan).toBe("free");

    const sessionId = await pay(res.body.url);
    const activation = await agent.post("/api/subscription/success").send({ sessionId });
    expect(activation.status).toBe(200);
    expect(activation.body).toMatchObject({
      subscriptionPlan: "professional",
      subscriptionStatus: "active",
      tierInfo: { blogPostLimit: 100 },
    });
    expect(await details(agent)).toMatchObject({
      subscriptionPlan: "professional",
      tierInfo: { plan: "professional", usageRemaining: 100 },
    });
    expect(new Date((await details(agent)).subscriptionEndDate!).getTime()).toBeGreaterThan(Date.now());
    // Coming back to the success page again changes nothing.
    const again = await agent.post("/api/subscription/success").send({ sessionId });
    expect(again.body).toMatchObject({ subscriptionPlan: "professional", subscriptionStatus: "active" });
  });

  it("refuses to activate another member's checkout, or none", async () => {
    const owner = t.agent();
    await t.signUpAndLogin(owner);
    const checkout = await owner.post("/api/subscription/checkout").send({ planId: await planId("starter") });
    const sessionId = await pay(checkout.body.url);

    const other = t.agent();
    await t.signUpAndLogin(other);
    const stolen = await other.post("/api/subscription/success").send({ sessionId });
    expect(stolen.status).toBe(404);
    expect(stolen.body.message).toBe("We could not find that checkout. Please start again from the pricing page.");
    expect((await details(other)).subscriptionPlan).toBe("free");

    const empty = await owner.post("/api/subscription/success").send({ sessionId: " " });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe("No session ID found");
    const missing = await owner.post("/api/subscription/success").send({});
    expect(missing.status).toBe(400);
  });

  it("refuses checkout without a valid plan, and sends enterprise to the sales team", async () => {
    const agent = t.agent();
    await t.signUpAndLogin(agent);
    const none = await agent.post("/api/subscription/checkout").send({});
    expect(none.status).toBe(400);
    expect(none.body.message).toBe("Choose a plan");
    const unknown = await agent.post("/api/subscription/checkout").send({ planId: 987_654 });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe("That plan is not available. Please choose another one.");
    const enterprise = await agent.post("/api/subscription/checkout").send({ planId: await planId("enterprise") });
    expect(enterprise.status).toBe(400);
    expect(enterprise.body.message).toMatch(/sales team/);
  });

  it("opens the billing portal for a paying member and explains when there is no billing account", async () => {
    const { agent } = await subscribedMember();
    const portal = await agent.post("/api/subscription/billing-portal");
    expect(portal.status).toBe(200);
    expect(portal.body.url).toMatch(new RegExp(`^${fake.url}/portal/`));

    const newcomer = t.agent();
    await t.signUpAndLogin(newcomer);
    const refused = await newcomer.post("/api/subscription/billing-portal");
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe("There is no billing account for you yet. Choose a paid plan first.");
  });

  it("cancels at the end of the period, keeps the plan until then, and reactivates", async () => {
    const { agent, activation } = await subscribedMember("starter");
    const periodEnd = activation.subscriptionEndDate;
    expect(periodEnd).not.toBeNull();

    const cancelled = await agent.post("/api/subscription/cancel");
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({
      subscriptionPlan: "starter",
      subscriptionStatus: "cancelled",
      subscriptionEndDate: periodEnd,
      tierInfo: { plan: "starter", blogPostLimit: 40 },
    });
    const subscriptionId = (
      await t.db.prisma.user.findFirstOrThrow({
        where: { stripeCustomerId: { not: null }, subscriptionStatus: "cancelled" },
      })
    ).stripeSubscriptionId!;
    expect(fake.state.subscriptions.get(subscriptionId)?.cancel_at_period_end).toBe(true);
    const twice = await agent.post("/api/subscription/cancel");
    expect(twice.status).toBe(400);
    expect(twice.body.message).toBe("You have no active paid subscription to cancel.");

    const reactivated = await agent.post("/api/subscription/reactivate");
    expect(reactivated.status).toBe(200);
    expect(reactivated.body).toMatchObject({ subscriptionPlan: "starter", subscriptionStatus: "active" });
    expect(fake.state.subscriptions.get(subscriptionId)?.cancel_at_period_end).toBe(false);
    const reactivateActive = await agent.post("/api/subscription/reactivate");
    expect(reactivateActive.status).toBe(400);
    expect(reactivateActive.body.message).toBe("Only a cancelled subscription can be reactivated.");
  });

  it("switches a member without a paid subscription to the free plan with no payment page", async () => {
    const agent = t.agent();
    const { user } = await t.signUpAndLogin(agent);
    await t.db.prisma.user.update({
      where: { id: user.id },
      data: { subscriptionPlan: "starter", subscriptionStatus: "active" },
    });
    const res = await agent.post("/api/subscription/checkout").send({ planId: await planId("free") });
    expect(res.status).toBe(200);
    expect(res.body.url).toBeUndefined();
    expect(await details(agent)).toMatchObject({ subscriptionPlan: "free", subscriptionStatus: "free" });
  });

  describe("webhook", () => {
    /** A member who paid on the hosted page but never came back to the site: only Stripe's events tell us. */
    async function paidWithoutReturning() {
      const agent = t.agent();
      await t.signUpAndLogin(agent);
      const checkout = await agent.post("/api/subscription/checkout").send({ planId: await planId("starter") });
      const mark = fake.events.length;
      await fake.completeCheckout(String(checkout.body.url).split("/").pop()!);
      const completed = fake.eventsSince(mark).find((e) => e.type === "checkout.session.completed");
      if (!completed) throw new Error("no checkout.session.completed event");
      return { agent, completed };
    }

    const post = (payload: string, signature?: string) => {
      const req = t.request().post("/api/stripe/webhook").set("Content-Type", "application/json");
      return (signature ? req.set("Stripe-Signature", signature) : req).send(payload);
    };

    it("refuses a delivery with a bad or missing signature with 400 and changes nothing", async () => {
      const { agent, completed } = await paidWithoutReturning();
      const { payload } = fake.signedPayload(completed);
      const forged = fake.signedPayload(completed, { secret: "whsec_someone_else" }).signature;
      for (const res of [await post(payload, forged), await post(payload)]) {
        expect(res.status).toBe(400);
        expect(res.body).toEqual({ message: "Invalid webhook signature." });
      }
      expect((await details(agent)).subscriptionPlan).toBe("free");
      expect(await t.db.prisma.processedEvent.count({ where: { id: completed.id } })).toBe(0);
    });

    it("applies a signed event once, however often it is delivered", async () => {
      const { agent, completed } = await paidWithoutReturning();
      const { payload, signature } = fake.signedPayload(completed);
      const first = await post(payload, signature);
      expect(first.status).toBe(200);
      expect(first.body).toEqual({ received: true, outcome: "applied" });
      expect(await details(agent)).toMatchObject({ subscriptionPlan: "starter", subscriptionStatus: "active" });

      const replay = fake.signedPayload(completed);
      const second = await post(replay.payload, replay.signature);
      expect(second.status).toBe(200);
      expect(second.body).toEqual({ received: true, outcome: "duplicate" });
      expect(await t.db.prisma.processedEvent.count({ where: { id: completed.id } })).toBe(1);
    });

    it("takes events from Stripe even with a cross-site marker, because the signature is what counts", async () => {
      const { agent, completed } = await paidWithoutReturning();
      const { payload, signature } = fake.signedPayload(completed);
      const res = await t.request()
        .post("/api/stripe/webhook")
        .set("Content-Type", "application/json; charset=utf-8")
        .set("Sec-Fetch-Site", "cross-site")
        .set("Stripe-Signature", signature)
        .send(payload);
      expect(res.status).toBe(200);
      expect((await details(agent)).subscriptionPlan).toBe("starter");
    });
  });
});

describe("subscription API without a payment provider", () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it("tells the pricing page up front that only the free plan can be taken online", async () => {
    const res = await t.request().get("/api/subscription/plans");
    expect(res.status).toBe(200);
    const plans = res.body as PlanView[];
    expect(plans.map((p) => `${p.name}:${p.interval}:${p.checkoutAvailable}`)).toEqual([
      "free:month:true",
      "starter:month:false",
      "starter:year:false",
      "professional:month:false",
      "professional:year:false",
      "enterprise:month:false",
      "enterprise:year:false",
    ]);
  });

  it("explains that online payments are off for a paid plan and still switches to free", async () => {
    const agent = t.agent();
    const { user } = await t.signUpAndLogin(agent);
    const plans = (await t.request().get("/api/subscription/plans")).body as PlanView[];
    const starter = plans.find((p) => p.name === "starter" && p.interval === "month")!;
    const free = plans.find((p) => p.name === "free")!;

    const paid = await agent.post("/api/subscription/checkout").send({ planId: starter.id });
    expect(paid.status).toBe(503);
    expect(paid.body.message).toBe(
      "Online payments are not configured on this site. Please contact us to upgrade your plan.",
    );
    const portal = await agent.post("/api/subscription/billing-portal");
    expect(portal.status).toBe(503);
    expect(portal.body.message).toMatch(/Online payments are not configured/);

    await t.db.prisma.user.update({
      where: { id: user.id },
      data: { subscriptionPlan: "starter", subscriptionStatus: "active" },
    });
    const toFree = await agent.post("/api/subscription/checkout").send({ planId: free.id });
    expect(toFree.status).toBe(200);
    expect(toFree.body).toEqual({});
    const details = await agent.get("/api/subscription/details");
    expect(details.body).toMatchObject({ subscriptionPlan: "free", subscriptionStatus: "free", billingEnabled: false });
  });

  it("answers a webhook delivery with a JSON 404", async () => {
    const res = await t.request().post("/api/stripe/webhook").set("Stripe-Signature", "t=1,v1=abc").send("{}");
    expect(res.status).toBe(404);
    expect(res.body.message).toBe("Payments are not configured on this site.");
  });
});
