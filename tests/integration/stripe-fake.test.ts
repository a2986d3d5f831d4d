// The fake Stripe server answers the official SDK the way Stripe does, so the billing code tested against it
// behaves the same against the real API.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createStripeClient } from "../../core/src/billing/stripe/stripe-billing-provider.ts";
import { startFakeStripe, type FakeStripe } from "../fakes/stripe/index.ts";

let fake: FakeStripe;
let stripe: Stripe;

beforeAll(async () => {
  fake = await startFakeStripe();
  stripe = createStripeClient(fake.apiKey, fake.url);
});
afterAll(async () => {
  await fake.close();
});

const stripeError = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(Stripe.errors.StripeError);
  return error as Stripe.errors.StripeError;
};

describe("fake Stripe API", () => {
  it("refuses a wrong secret key as Stripe does", async () => {
    const wrong = createStripeClient("sk_test_wrong_key_1234", fake.url);
    const error = await stripeError(wrong.customers.create({ email: "a@example.com" }));
    expect(error).toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
    expect(error.statusCode).toBe(401);
    expect(error.message).toMatch(/^Invalid API Key provided: sk_test_\**1234$/);
  });

  it("creates and retrieves customers and reports unknown ids with resource_missing", async () => {
    const created = await stripe.customers.create({ email: "ada@example.com", name: "Ada", metadata: { userId: "7" } });
    expect(created).toMatchObject({ object: "customer", email: "ada@example.com", name: "Ada", metadata: { userId: "7" }, livemode: false });
    expect((await stripe.customers.retrieve(created.id)).id).toBe(created.id);
    const error = await stripeError(stripe.customers.retrieve("cus_doesnotexist"));
    expect(error).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(error).toMatchObject({ statusCode: 404, code: "resource_missing", param: "id", message: "No such customer: 'cus_doesnotexist'" });
  });

  it("replays a request sent again with the same idempotency key, and refuses the key with other parameters", async () => {
    const before = fake.state.customers.size;
    const first = await stripe.customers.create({ email: "once@example.com" }, { idempotencyKey: "same-key-1" });
    const second = await stripe.customers.create({ email: "once@example.com" }, { idempotencyKey: "same-key-1" });
    expect(second.id).toBe(first.id);
    expect(fake.state.customers.size).toBe(before + 1);
    expect(fake.requests.at(-1)).toMatchObject({ idempotencyKey: "same-key-1", replayed: true });
    const error = await stripeError(stripe.customers.create({ email: "other@example.com" }, { idempotencyKey: "same-key-1" }));
    expect(error).toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
  });

  it("reads nested bracket-notation parameters and validates them", async () => {
    const customer = await stripe.customers.create({ email: "checkout@example.com" });
    const session = await stripe.checkout.sessions.create({
      mode: "subscription",
      customer: customer.id,
      client_reference_id: "42",
      line_items: [{ price: "price_starter_month", quantity: 1 }],
      metadata: { userId: "42", plan: "starter" },
      subscription_data: { trial_period_days: 7, metadata: { userId: "42", plan: "starter" } },
      success_url: "http://app.test/subscription/success?session_id={CHECKOUT_SESSION_ID}",
      cancel_url: "http://app.test/pricing",
    });
    expect(session).toMatchObject({
      object: "checkout.session",
      status: "open",
      mode: "subscription",
      customer: customer.id,
      client_reference_id: "42",
      metadata: { userId: "42", plan: "starter" },
      amount_total: 2900,
      url: `${fake.url}/checkout/${session.id}`,
    });
    expect(fake.requests.at(-1)?.params).toMatchObject({ line_items: [{ price: "price_starter_month", quantity: "1" }] });

    const base = { mode: "subscription" as const, customer: customer.id, success_url: "http://app.test/ok" };
    expect(await stripeError(stripe.checkout.sessions.create({ ...base, line_items: [{ price: "price_nope", quantity: 1 }] }))).toMatchObject({
      statusCode: 400,
      code: "resource_missing",
      param: "line_items[0][price]",
      message: "No such price: 'price_nope'",
    });
    expect(await stripeError(stripe.checkout.sessions.create({ ...base, line_items: [{ price: "price_starter_month" }] }))).toMatchObject({
      code: "parameter_missing",
      param: "line_items[0][quantity]",
    });
    const unknown = { ...base, line_items: [{ price: "price_starter_month", quantity: 1 }], colour: "blue" } as Stripe.Checkout.SessionCreateParams;
    expect(await stripeError(stripe.checkout.sessions.create(unknown))).toMatchObject({
      code: "parameter_unknown",
      message: "Received unknown parameter: colour",
    });
    expect(await stripeError(stripe.checkout.sessions.retrieve("cs_test_missing"))).toMatchObject({
      statusCode: 404,
      message: "No such checkout.session: 'cs_test_missing'",
    });
  });

  it("serves a payment page whose button starts the subscription, redirects to success_url and records Stripe's events", async () => {
    const customer = await stripe.customers.create({ email: "payer@example.com" });
    const session = await stripe.checkout.sessions.create({
      mode: "subscription",
      customer: customer.id,
      line_items: [{ price: "price_professional_year", quantity: 1 }],
      subscription_data: { trial_period_days: 7 },
      success_url: "http://app.test/subscription/success?session_id={CHECKOUT_SESSION_ID}",
    });
    const page = await fetch(session.url!);
    const html = await page.text();
    expect(html).toContain("payer@example.com");
    expect(html).toContain("7-day free trial");
    const mark = fake.events.length;
    const paid = await fetch(`${fake.url}/checkout/${session.id}/pay`, { method: "POST", redirect: "manual" });
    expect(paid.status).toBe(303);
    expect(paid.headers.get("location")).toBe(`http://app.test/subscription/success?session_id=${session.id}`);

    const completed = await stripe.checkout.sessions.retrieve(session.id);
    expect(completed).toMatchObject({ status: "complete", payment_status: "no_payment_required" });
    const subscription = await stripe.subscriptions.retrieve(completed.subscription as string);
    expect(subscription).toMatchObject({ status: "trialing", customer: customer.id });
    expect(subscription.trial_end! - subscription.trial_start!).toBe(7 * 24 * 3600);
    expect(subscription.items.data[0]).toMatchObject({ current_period_end: subscription.trial_end, price: { id: "price_professional_year" } });
    expect(fake.eventsSince(mark).map((e) => e.type)).toEqual(["customer.subscription.created", "invoice.paid", "checkout.session.completed"]);
    expect((await fetch(session.url!)).status).toBe(410);
  });

  it("updates and cancels subscriptions and creates billing portal sessions", async () => {
    const customer = await stripe.customers.create({ email: "portal@example.com" });
    const session = await stripe.checkout.sessions.create({
      mode: "subscription",
      customer: customer.id,
      line_items: [{ price: "price_starter_month", quantity: 1 }],
      success_url: "http://app.test/ok",
    });
    const { subscription } = await fake.completeCheckout(session.id);
    expect(subscription.status).toBe("active");

    const mark = fake.events.length;
    const cancelling = await stripe.subscriptions.update(subscription.id, { cancel_at_period_end: true });
    expect(cancelling).toMatchObject({ cancel_at_period_end: true, cancel_at: subscription.items.data[0]!.current_period_end });
    const [updated] = fake.eventsSince(mark);
    expect(updated).toMatchObject({ type: "customer.subscription.updated", data: { previous_attributes: { cancel_at_period_end: false } } });

    const portal = await stripe.billingPortal.sessions.create({ customer: customer.id, return_url: "http://app.test/subscription" });
    expect(portal).toMatchObject({ object: "billing_portal.session", customer: customer.id, return_url: "http://app.test/subscription" });
    const portalHtml = await (await fetch(portal.url)).text();
    expect(portalHtml).toContain("cancels at period end");
    expect(portalHtml).toContain("http://app.test/subscription");
    expect(await stripeError(stripe.billingPortal.sessions.create({ customer: "cus_nobody" }))).toMatchObject({ code: "resource_missing", param: "customer" });

    const ended = await stripe.subscriptions.cancel(subscription.id);
    expect(ended.status).toBe("canceled");
    expect(fake.events.at(-1)?.type).toBe("customer.subscription.deleted");
    expect(await stripeError(stripe.subscriptions.update(subscription.id, { cancel_at_period_end: false }))).toMatchObject({ statusCode: 400 });
  });

  it("posts events to the webhook URL signed so that the SDK verifies them", async () => {
    const received: Array<{ body: string; signature: string }> = [];
    const receiver: Server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", () => {
        received.push({ body: Buffer.concat(chunks).toString("utf8"), signature: String(req.headers["stripe-signature"]) });
        res.writeHead(200).end("{}");
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
    fake.setWebhookUrl(`http://127.0.0.1:${(receiver.address() as AddressInfo).port}/webhook`);
    try {
      await stripe.customers.create({ email: "hooked@example.com" });
      await new Promise((resolve) => setTimeout(resolve, 0));
      await fake.settled();
      expect(received).toHaveLength(1);
      const event = stripe.webhooks.constructEvent(received[0]!.body, received[0]!.signature, fake.webhookSecret);
      expect(event).toMatchObject({ type: "customer.created", data: { object: { email: "hooked@example.com" } } });
      expect(() => stripe.webhooks.constructEvent(received[0]!.body, received[0]!.signature, "whsec_other")).toThrow(
        Stripe.errors.StripeSignatureVerificationError,
      );
    } finally {
      fake.setWebhookUrl(null);
      await new Promise<void>((resolve) => receiver.close(() => resolve()));
    }
  });

  it("answers injected failures with Stripe's api_error", async () => {
    const client = new Stripe(fake.apiKey, { host: "127.0.0.1", port: new URL(fake.url).port, protocol: "http", maxNetworkRetries: 0 });
    fake.failNext(500, "Something broke");
    const error = await stripeError(client.customers.create({ email: "x@example.com" }));
    expect(error).toBeInstanceOf(Stripe.errors.StripeAPIError);
    expect(error.statusCode).toBe(500);
  });
});
