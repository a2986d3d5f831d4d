// Stripe behind the BillingProvider contract: Checkout for sign-ups (7-day trial on the first subscription),
// the Billing Portal for self-service, and webhooks to follow what happens at Stripe afterwards.
//
// Source of truth: Stripe. Whatever reports a change (the success page, any webhook event, our own cancel call),
// the provider re-reads the subscription from Stripe and applies that, stamped with the time of the read
// (applySubscriptionState drops reads older than the applied one). So duplicated, late or reordered events cannot
// leave an old state behind: the last read wins, and a late event merely re-applies the current state.
// Each webhook event is applied once: its id is inserted into processed_events in the transaction that applies it.
import Stripe from "stripe";
import type { PlanName } from "../../contracts/billing.ts";
import type { Prisma } from "../../db/client.ts";
import { AppError, badRequest, notFound } from "../../errors/index.ts";
import type { Logger } from "../../logger.ts";
import { applySubscriptionState, applySubscriptionStateInTransaction, type StateSource } from "../apply-subscription-state.ts";
import { catalogPlan, isPlanName } from "../plans.ts";
import type { BillingAccount, BillingProvider, CheckoutPlan, SubscriptionState, WebhookResult } from "../provider.ts";
import { idOf, subscriptionPriceId, subscriptionStateFromStripe } from "./subscription-state.ts";

export const TRIAL_DAYS = 7;
const CURRENCY = "usd";

export interface StripeBillingOptions {
  prisma: Prisma;
  logger: Logger;
  /** Public address of the site (success, cancel and portal return pages). */
  appUrl: string;
  secretKey: string;
  /** Without it webhooks are refused (checkout still activates from the success page). */
  webhookSecret?: string | undefined;
  /** Another Stripe-compatible API (tests: a local fake), e.g. http://127.0.0.1:12111. */
  apiBase?: string | undefined;
  /** Clock for ordering reads and idempotency windows (tests). */
  now?: () => Date;
}

export function createStripeClient(secretKey: string, apiBase?: string): Stripe {
  const config: ConstructorParameters<typeof Stripe>[1] = { maxNetworkRetries: 2, timeout: 20_000, telemetry: false };
  if (apiBase) {
    const url = new URL(apiBase);
    config.host = url.hostname;
    config.protocol = url.protocol === "http:" ? "http" : "https";
    if (url.port) config.port = url.port;
  }
  return new Stripe(secretKey, config);
}

const isStripeError = (error: unknown): error is Stripe.errors.StripeError => error instanceof Stripe.errors.StripeError;
const isMissing = (error: unknown) => isStripeError(error) && error.code === "resource_missing";

function upstream(error: unknown, action: string): AppError {
  if (error instanceof AppError) return error;
  const internal = `Stripe ${action} failed: ${error instanceof Error ? error.message : String(error)}`;
  return new AppError("UPSTREAM", "The payment service could not complete the request. Please try again in a moment.", {
    internal,
    cause: error,
  });
}

export function createStripeBillingProvider(options: StripeBillingOptions): BillingProvider {
  const { prisma, logger, webhookSecret } = options;
  const appUrl = options.appUrl.replace(/\/+$/, "");
  const now = options.now ?? (() => new Date());
  const stripe = createStripeClient(options.secretKey, options.apiBase);
  const log = logger.child({ component: "billing", provider: "stripe" });

  async function call<T>(action: string, fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (error) {
      throw upstream(error, action);
    }
  }

  /** The customer for this user, created once: concurrent first checkouts share one idempotency key. */
  async function ensureCustomer(user: BillingAccount): Promise<string> {
    if (user.stripeCustomerId) return user.stripeCustomerId;
    const name = [user.firstName, user.lastName].filter(Boolean).join(" ") || undefined;
    const customer = await call("customer creation", () =>
      stripe.customers.create(
        { email: user.email, ...(name ? { name } : {}), metadata: { userId: String(user.id) } },
        { idempotencyKey: `postwright-customer-${user.id}-${user.createdAt.getTime()}` },
      ),
    );
    await prisma.user.updateMany({ where: { id: user.id, stripeCustomerId: null }, data: { stripeCustomerId: customer.id } });
    const stored = await prisma.user.findUnique({ where: { id: user.id }, select: { stripeCustomerId: true } });
    return stored?.stripeCustomerId ?? customer.id;
  }

  async function planForSubscription(subscription: Stripe.Subscription): Promise<PlanName | null> {
    const priceId = subscriptionPriceId(subscription);
    if (priceId) {
      const row = await prisma.subscriptionPlan.findFirst({ where: { stripePriceId: priceId }, select: { name: true } });
      if (row && isPlanName(row.name)) return row.name;
    }
    const fromMetadata = subscription.metadata?.plan;
    if (fromMetadata && isPlanName(fromMetadata)) return fromMetadata;
    log.warn({ subscriptionId: subscription.id, priceId }, "subscription price matches no plan; keeping the stored plan");
    return null;
  }

  /** Reads a subscription and converts it; observedAt is taken before the request is sent. */
  async function readSubscription(subscriptionId: string): Promise<{ state: SubscriptionState | null; observedAt: Date }> {
    const observedAt = now();
    const subscription = await stripe.subscriptions.retrieve(subscriptionId);
    return { state: subscriptionStateFromStripe(subscription, await planForSubscription(subscription)), observedAt };
  }

  async function stateFromUpdate(subscription: Stripe.Subscription): Promise<SubscriptionState> {
    const state = subscriptionStateFromStripe(subscription, await planForSubscription(subscription));
    if (!state) throw new AppError("CONFLICT", "Your subscription is waiting for its first payment. Please try again shortly.");
    return state;
  }

  async function cancelReplaced(subscriptionId: string | null, userId: number): Promise<void> {
    if (!subscriptionId) return;
    try {
      await stripe.subscriptions.cancel(subscriptionId, { prorate: true });
      log.info({ userId, subscriptionId }, "cancelled the subscription replaced by a new checkout");
    } catch (error) {
      log.error({ userId, subscriptionId, err: error }, "could not cancel the subscription replaced by a new checkout");
    }
  }

  async function apply(userId: number, state: SubscriptionState, observedAt: Date, source: StateSource) {
    const result = await applySubscriptionState({ prisma }, { userId, state, observedAt, source });
    if (!result.applied) log.info({ userId, subscriptionId: state.subscriptionId, reason: result.reason }, "subscription state not applied");
    await cancelReplaced(result.replacedSubscriptionId, userId);
    return result;
  }

  function requireSubscription(user: BillingAccount): string {
    if (!user.stripeSubscriptionId) throw badRequest("You have no paid subscription to change.");
    return user.stripeSubscriptionId;
  }

  async function userIdForCustomer(customerId: string | null): Promise<number | null> {
    if (!customerId) return null;
    const user = await prisma.user.findUnique({ where: { stripeCustomerId: customerId }, select: { id: true } });
    return user?.id ?? null;
  }

  /** Which user and subscription an event is about; null for events that change nothing here. */
  async function eventTarget(event: Stripe.Event): Promise<{ userId: number | null; subscriptionId: string; source: StateSource; payload?: Stripe.Subscription } | null> {
    switch (event.type) {
      case "checkout.session.completed": {
        const session = event.data.object;
        const subscriptionId = idOf(session.subscription);
        if (session.mode !== "subscription" || !subscriptionId) return null;
        const userId = Number(session.client_reference_id ?? session.metadata?.userId);
        return { userId: Number.isInteger(userId) && userId > 0 ? userId : null, subscriptionId, source: "checkout" };
      }
      case "customer.subscription.created":
      case "customer.subscription.updated":
      case "customer.subscription.deleted": {
        const subscription = event.data.object;
        const userId = await userIdForCustomer(idOf(subscription.customer));
        return { userId, subscriptionId: subscription.id, source: "event", payload: subscription };
      }
      case "invoice.paid":
      case "invoice.payment_failed": {
        const invoice = event.data.object;
        const subscriptionId = idOf(invoice.parent?.subscription_details?.subscription);
        if (!subscriptionId) return null;
        return { userId: await userIdForCustomer(idOf(invoice.customer)), subscriptionId, source: "event" };
      }
      default:
        return null;
    }
  }

  async function markProcessed(event: Stripe.Event): Promise<boolean> {
    const inserted = await prisma.processedEvent.createMany({
      data: [{ id: event.id, provider: "stripe", type: event.type }],
      skipDuplicates: true,
    });
    return inserted.count === 1;
  }

  return {
    kind: "stripe",
    enabled: true,

    async createCheckout(user, plan: CheckoutPlan) {
      const catalog = catalogPlan(plan.name);
      if (catalog.contactSales) throw badRequest("The Enterprise plan is arranged with our sales team. Please contact us.");
      if (!catalog.selfServe) throw badRequest("This plan needs no payment.");
      const customer = await ensureCustomer(user);
      // One trial per account: only before the first subscription.
      const trial = user.stripeSubscriptionId === null;
      const metadata = { userId: String(user.id), plan: plan.name, interval: plan.interval };
      const lineItem: Stripe.Checkout.SessionCreateParams.LineItem = plan.stripePriceId
        ? { price: plan.stripePriceId, quantity: 1 }
        : {
            price_data: {
              currency: CURRENCY,
              unit_amount: plan.price,
              recurring: { interval: plan.interval },
              product_data: { name: `Postwright ${plan.displayName}` },
            },
            quantity: 1,
          };
      // Creating twice within a minute (a double click) returns the same session.
      const window = Math.floor(now().getTime() / 60_000);
      const session = await call("checkout", () =>
        stripe.checkout.sessions.create(
          {
            mode: "subscription",
            customer,
            client_reference_id: String(user.id),
            line_items: [lineItem],
            metadata,
            subscription_data: { metadata, ...(trial ? { trial_period_days: TRIAL_DAYS } : {}) },
            success_url: `${appUrl}/subscription/success?session_id={CHECKOUT_SESSION_ID}`,
            cancel_url: `${appUrl}/pricing`,
          },
          { idempotencyKey: `postwright-checkout-${user.id}-${plan.id}-${trial ? "trial" : "paid"}-${window}` },
        ),
      );
      if (!session.url) throw upstream(new Error("checkout session without url"), "checkout");
      return { url: session.url };
    },

    async activateFromCheckoutSession(sessionId, userId) {
      const notYours = notFound("We could not find that checkout. Please start again from the pricing page.");
      let session: Stripe.Checkout.Session;
      try {
        session = await stripe.checkout.sessions.retrieve(sessionId);
      } catch (error) {
        if (isMissing(error)) throw notYours;
        throw upstream(error, "checkout retrieval");
      }
      const owner = session.client_reference_id ?? session.metadata?.userId;
      if (owner !== String(userId)) throw notYours;
      if (session.status === "expired") throw badRequest("This checkout has expired. Please choose your plan again.");
      const subscriptionId = idOf(session.subscription);
      if (session.status !== "complete" || !subscriptionId) throw badRequest("Your payment has not been completed yet.");
      const { state, observedAt } = await call("subscription retrieval", () => readSubscription(subscriptionId));
      if (!state) throw new AppError("CONFLICT", "Your payment is still being processed. Please refresh this page in a moment.");
      const result = await apply(userId, state, observedAt, "checkout");
      if (result.reason === "other-customer") throw notYours;
      return state;
    },

    async cancelAtPeriodEnd(user) {
      const subscriptionId = requireSubscription(user);
      const observedAt = now();
      const subscription = await call("cancellation", () => stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: true }));
      const state = await stateFromUpdate(subscription);
      await apply(user.id, state, observedAt, "action");
      return state;
    },

    async cancelNow(user) {
      const subscriptionId = requireSubscription(user);
      const observedAt = now();
      const subscription = await call("cancellation", () => stripe.subscriptions.cancel(subscriptionId));
      const state = await stateFromUpdate(subscription);
      await apply(user.id, state, observedAt, "action");
      return state;
    },

    async reactivate(user) {
      const subscriptionId = requireSubscription(user);
      const observedAt = now();
      let subscription: Stripe.Subscription;
      try {
        subscription = await stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: false });
      } catch (error) {
        if (isStripeError(error) && error.statusCode === 400) {
          throw badRequest("Your subscription has already ended. Please choose a plan on the pricing page.", { cause: error });
        }
        throw upstream(error, "reactivation");
      }
      const state = await stateFromUpdate(subscription);
      await apply(user.id, state, observedAt, "action");
      return state;
    },

    async createPortalSession(user) {
      if (!user.stripeCustomerId) throw badRequest("There is no billing account for you yet. Choose a paid plan first.");
      const customer = user.stripeCustomerId;
      const session = await call("billing portal", () =>
        stripe.billingPortal.sessions.create({ customer, return_url: `${appUrl}/subscription` }),
      );
      return { url: session.url };
    },

    async handleWebhook(rawBody, signature): Promise<WebhookResult> {
      if (!webhookSecret) {
        throw new AppError("UNAVAILABLE", "Payment notifications are not configured on this site.", {
          internal: "STRIPE_WEBHOOK_SECRET is not set",
        });
      }
      let event: Stripe.Event;
      try {
        if (!signature) throw new Error("no Stripe-Signature header");
        event = stripe.webhooks.constructEvent(rawBody, signature, webhookSecret);
      } catch (error) {
        throw badRequest("Invalid webhook signature.", { internal: error instanceof Error ? error.message : String(error) });
      }
      const result = (outcome: WebhookResult["outcome"]): WebhookResult => ({ eventId: event.id, type: event.type, outcome });
      const elog = log.child({ eventId: event.id, eventType: event.type });

      const target = await eventTarget(event);
      if (!target) return result("ignored");
      if (await prisma.processedEvent.findUnique({ where: { id: event.id }, select: { id: true } })) return result("duplicate");
      const userId = target.userId;
      if (userId === null) {
        elog.warn({ subscriptionId: target.subscriptionId }, "billing event for no known user");
        return result((await markProcessed(event)) ? "ignored" : "duplicate");
      }

      let read: { state: SubscriptionState | null; observedAt: Date };
      try {
        read = await readSubscription(target.subscriptionId);
      } catch (error) {
        // A subscription deleted for good cannot be read any more; its final state is the event's own.
        if (!(isMissing(error) && event.type === "customer.subscription.deleted" && target.payload)) {
          throw upstream(error, "subscription retrieval");
        }
        read = { state: subscriptionStateFromStripe(target.payload, null), observedAt: now() };
      }
      const { state, observedAt } = read;

      const outcome = await prisma.$transaction(async (tx) => {
        const inserted = await tx.processedEvent.createMany({
          data: [{ id: event.id, provider: "stripe", type: event.type }],
          skipDuplicates: true,
        });
        if (inserted.count === 0) return { kind: "duplicate" as const, replaced: null };
        if (!state) return { kind: "ignored" as const, replaced: null };
        const applied = await applySubscriptionStateInTransaction(tx, { userId, state, observedAt, source: target.source });
        return { kind: applied.applied ? ("applied" as const) : ("skipped" as const), replaced: applied.replacedSubscriptionId, reason: applied.reason };
      });
      if (outcome.kind === "skipped") elog.info({ userId, reason: outcome.reason }, "billing event changed nothing");
      await cancelReplaced(outcome.replaced, userId);
      return result(outcome.kind);
    },
  };
}
