// Stripe webhooks through the provider: signatures, replays, events out of order, renewals, failed payments, and
// delivery over HTTP from the fake's hosted checkout.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type Stripe from "stripe";
import {
  activateCheckout,
  getEntitlements,
  getSubscriptionDetails,
  PAST_DUE_GRACE_DAYS,
  startCheckout,
} from "@postwright/core/billing";
import { AppError } from "@postwright/core/errors";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startStripeBillingHarness, type StripeBillingHarness } from "../fakes/stripe/harness.ts";

let h: StripeBillingHarness;
beforeAll(async () => {
  h = await startStripeBillingHarness({ maxConnections: 10 });
});
afterAll(async () => {
  await h.close();
});

const send = (event: Stripe.Event, options?: { secret?: string }) => {
  const { payload, signature } = h.fake.signedPayload(event, options);
  return h.billing.handleWebhook(payload, signature);
};

/** A user who paid on the hosted page, with nothing applied yet on our side; returns the events Stripe sent. */
async function paidCheckout(plan = "starter", interval: "month" | "year" = "month") {
  const user = await h.createUser();
  const { url } = await startCheckout(h.deps, { userId: user.id, planId: await h.planId(plan, interval) });
  const sessionId = url!.split("/").pop()!;
  const mark = h.fake.events.length;
  const { subscription } = await h.fake.completeCheckout(sessionId);
  return { user, sessionId, subscription, events: h.fake.eventsSince(mark) };
}

const details = (userId: number) => getSubscriptionDetails(h.deps, userId);

describe("Stripe webhooks", () => {
  it("refuses a delivery whose signature does not verify with 400, changing nothing", async () => {
    const { user, events } = await paidCheckout();
    const completed = events.find((e) => e.type === "checkout.session.completed")!;
    const { payload, signature } = h.fake.signedPayload(completed);
    const attempts = [
      h.billing.handleWebhook(payload, h.fake.signedPayload(completed, { secret: "whsec_attacker" }).signature),
      h.billing.handleWebhook(payload.replace(String(user.id), "999999"), signature),
      h.billing.handleWebhook(payload, undefined),
    ];
    for (const attempt of attempts) {
      const error = await attempt.catch((e: unknown) => e);
      expect(error).toBeInstanceOf(AppError);
      expect(error).toMatchObject({ status: 400, message: "Invalid webhook signature." });
    }
    expect((await details(user.id)).subscriptionPlan).toBe("free");
    expect(await h.db.prisma.processedEvent.count({ where: { id: completed.id } })).toBe(0);
  });

  it("activates the plan from the webhook alone, and the success page afterwards agrees", async () => {
    const { user, sessionId, events } = await paidCheckout("professional", "year");
    expect(events.map((e) => e.type)).toEqual(["customer.subscription.created", "invoice.paid", "checkout.session.completed"]);
    const outcomes = [];
    for (const event of events) outcomes.push((await send(event)).outcome);
    expect(outcomes).toEqual(["applied", "applied", "applied"]);
    expect(await details(user.id)).toMatchObject({ subscriptionPlan: "professional", subscriptionStatus: "active", tierInfo: { blogPostLimit: 100 } });
    expect(await activateCheckout(h.deps, { userId: user.id, sessionId })).toMatchObject({ subscriptionPlan: "professional", subscriptionStatus: "active" });
  });

  it("applies an event delivered twice only once, even when both deliveries arrive together", async () => {
    const { user, events } = await paidCheckout();
    const completed = events.find((e) => e.type === "checkout.session.completed")!;
    expect((await send(completed)).outcome).toBe("applied");
    expect((await send(completed)).outcome).toBe("duplicate");
    expect(await h.db.prisma.processedEvent.count({ where: { id: completed.id } })).toBe(1);

    const created = events.find((e) => e.type === "customer.subscription.created")!;
    const together = await Promise.all([send(created), send(created), send(created)]);
    expect(together.filter((r) => r.outcome === "applied")).toHaveLength(1);
    expect(together.filter((r) => r.outcome === "duplicate")).toHaveLength(2);
    expect((await details(user.id)).subscriptionPlan).toBe("starter");
  });

  it("ends in the current state when events arrive out of order", async () => {
    const { user, subscription, events } = await paidCheckout();
    const mark = h.fake.events.length;
    h.fake.state.updateSubscription(subscription.id, { cancel_at_period_end: "true" });
    const [cancelled] = h.fake.eventsSince(mark);
    expect(cancelled?.type).toBe("customer.subscription.updated");

    // The cancellation arrives first, then the older creation and checkout events.
    await send(cancelled!);
    for (const event of [...events].reverse()) await send(event);
    const after = await details(user.id);
    expect(after).toMatchObject({ subscriptionPlan: "starter", subscriptionStatus: "cancelled" });
    expect(after.subscriptionEndDate).toBe(new Date(subscription.trial_end! * 1000).toISOString());
  });

  it("keeps a past-due plan through the grace period, restores it when a payment succeeds, and ends it with the subscription", async () => {
    const { user, subscription, events } = await paidCheckout("professional");
    for (const event of events) await send(event);
    const deliver = async (mark: number) => {
      const types = [];
      for (const event of h.fake.eventsSince(mark)) {
        await send(event);
        types.push(event.type);
      }
      return types;
    };

    let mark = h.fake.events.length;
    const unpaid = await h.fake.advancePeriod(subscription.id, "fails");
    expect(await deliver(mark)).toEqual(["invoice.payment_failed", "customer.subscription.updated"]);
    const lastPaidPeriodEnd = new Date(unpaid.items.data[0]!.current_period_start * 1000);
    expect(await details(user.id)).toMatchObject({
      subscriptionPlan: "professional",
      subscriptionStatus: "past_due",
      subscriptionEndDate: lastPaidPeriodEnd.toISOString(),
    });
    const day = 24 * 60 * 60 * 1000;
    const at = (days: number) => new Date(lastPaidPeriodEnd.getTime() + days * day);
    expect((await getEntitlements(h.deps, user.id, at(PAST_DUE_GRACE_DAYS - 1))).plan).toBe("professional");
    expect((await getEntitlements(h.deps, user.id, at(PAST_DUE_GRACE_DAYS))).plan).toBe("free");

    mark = h.fake.events.length;
    await h.fake.recoverPayment(subscription.id);
    expect(await deliver(mark)).toEqual(["invoice.paid", "customer.subscription.updated"]);
    expect(await details(user.id)).toMatchObject({ subscriptionPlan: "professional", subscriptionStatus: "active" });

    h.fake.state.updateSubscription(subscription.id, { cancel_at_period_end: "true" });
    mark = h.fake.events.length;
    await h.fake.advancePeriod(subscription.id, "succeeds");
    expect(h.fake.eventsSince(mark).map((e) => e.type)).toEqual(["customer.subscription.deleted"]);
    expect((await send(h.fake.eventsSince(mark)[0]!)).outcome).toBe("applied");
    expect(await details(user.id)).toMatchObject({ subscriptionPlan: "free", subscriptionStatus: "free", subscriptionEndDate: null });
  });

  it("ignores events it does not follow and events about unknown customers", async () => {
    const before = h.fake.events.length;
    h.fake.state.createCustomer({ email: "stranger@example.com" });
    const [customerCreated] = h.fake.eventsSince(before);
    expect(await send(customerCreated!)).toMatchObject({ type: "customer.created", outcome: "ignored" });

    const foreign = structuredClone(h.fake.events.find((e) => e.type === "customer.subscription.created")!);
    foreign.id = "evt_foreign_customer";
    (foreign.data.object as Stripe.Subscription).customer = "cus_not_ours";
    expect((await send(foreign)).outcome).toBe("ignored");
  });

  it("lets Stripe retry when Stripe cannot be read while handling an event", async () => {
    const { user, events } = await paidCheckout();
    const completed = events.find((e) => e.type === "checkout.session.completed")!;
    h.fake.failNext(500, "Stripe is down", 3);
    await expect(send(completed)).rejects.toMatchObject({ code: "UPSTREAM" });
    expect(await h.db.prisma.processedEvent.count({ where: { id: completed.id } })).toBe(0);
    expect((await send(completed)).outcome).toBe("applied");
    expect((await details(user.id)).subscriptionPlan).toBe("starter");
  });

  it("refuses webhooks when no signing secret is configured", async () => {
    const { createStripeBillingProvider } = await import("@postwright/core/billing");
    const { silentLogger } = await import("../../core/src/logger.ts");
    const unsigned = createStripeBillingProvider({ prisma: h.db.prisma, logger: silentLogger, appUrl: "http://app.test", secretKey: h.fake.apiKey, apiBase: h.fake.url });
    const { payload, signature } = h.fake.signedPayload(h.fake.events[0]!);
    await expect(unsigned.handleWebhook(payload, signature)).rejects.toMatchObject({ code: "UNAVAILABLE" });
  });
});

describe("Stripe webhooks over HTTP", () => {
  let endpoint: Server;
  beforeAll(async () => {
    // What the site's webhook route does: raw body and Stripe-Signature in, status out.
    endpoint = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", () => {
        h.billing.handleWebhook(Buffer.concat(chunks), req.headers["stripe-signature"] as string | undefined).then(
          (result) => res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(result)),
          (error: unknown) => res.writeHead(error instanceof AppError ? error.status : 500).end(),
        );
      });
    });
    await new Promise<void>((resolve) => endpoint.listen(0, "127.0.0.1", resolve));
    h.fake.setWebhookUrl(`http://127.0.0.1:${(endpoint.address() as AddressInfo).port}/api/subscription/webhook`);
  });
  afterAll(async () => {
    h.fake.setWebhookUrl(null);
    await new Promise<void>((resolve) => endpoint.close(() => resolve()));
  });

  it("upgrades the user once the hosted checkout is paid, before the user is back on the site", async () => {
    const user = await h.createUser();
    const { url } = await startCheckout(h.deps, { userId: user.id, planId: await h.planId("starter", "year") });
    await h.fake.settled();
    const deliveredBefore = h.fake.deliveries.length;
    const paid = await fetch(`${url}/pay`, { method: "POST", redirect: "manual" });
    expect(paid.status).toBe(303);
    const deliveries = h.fake.deliveries.slice(deliveredBefore);
    expect(deliveries.map((d) => [d.type, d.status])).toEqual([
      ["customer.subscription.created", 200],
      ["invoice.paid", 200],
      ["checkout.session.completed", 200],
    ]);
    expect(await details(user.id)).toMatchObject({ subscriptionPlan: "starter", subscriptionStatus: "active", tierInfo: { blogPostLimit: 40 } });
  });
});
