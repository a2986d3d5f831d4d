// The contract between Postwright and whoever takes the money. Stripe implements it for the standalone site;
// Shopify's Billing API implements it for shops that installed the embedded app (shopify-shops/shopify-billing-provider.ts). A provider
// talks to its service and writes the resulting subscription state through applySubscriptionState, so the rules
// for what a state means (entitlements.ts) stay in one place.
import type { PlanName, SubscriptionStatus } from "../contracts/billing.ts";

/** How often a subscription is paid. */
export type BillingInterval = "month" | "year";

/** The user fields a provider needs (a custom_users row satisfies it). */
export interface BillingAccount {
  id: number;
  email: string;
  firstName: string | null;
  lastName: string | null;
  createdAt: Date;
  stripeCustomerId: string | null;
  stripeSubscriptionId: string | null;
  subscriptionPlan: string;
  subscriptionStatus: string;
  subscriptionEndDate: Date | null;
}

/** A purchasable plan row (subscription_plans). */
export interface CheckoutPlan {
  id: number;
  name: PlanName;
  displayName: string;
  /** Cents per interval. */
  price: number;
  interval: BillingInterval;
  stripePriceId: string | null;
}

/** What the provider reports about one subscription, in Postwright's terms. */
export interface SubscriptionState {
  subscriptionId: string;
  customerId: string | null;
  /** null when the provider's plan cannot be recognised: the stored plan is then left as it is. */
  plan: PlanName | null;
  interval: BillingInterval | null;
  status: SubscriptionStatus;
  /** active/cancelled: end of the current period; past_due: end of the last paid period; free: null. */
  endDate: Date | null;
  /** Still billing or granting access (false once ended). */
  live: boolean;
}

/** applied: the user's subscription was updated; duplicate: this event was applied before; ignored: an event
 * type, or a user, this site does not follow; skipped: recorded, but newer state was already applied or the event is
 * about a subscription the user no longer has. */
export type WebhookOutcome = "applied" | "duplicate" | "ignored" | "skipped";

export interface WebhookResult {
  eventId: string;
  type: string;
  outcome: WebhookOutcome;
}

export interface BillingProvider {
  readonly kind: "stripe" | "shopify" | "disabled";
  /** False when online payments are not configured: paid checkouts and the billing portal are unavailable. */
  readonly enabled: boolean;
  /** A hosted payment page for the plan. The user's subscription changes only once payment is confirmed. */
  createCheckout(user: BillingAccount, plan: CheckoutPlan): Promise<{ url: string }>;
  /** Applies a completed checkout (from the success page); only the session's own user may activate it. */
  activateFromCheckoutSession(sessionId: string, userId: number): Promise<SubscriptionState>;
  /** Stops renewal; the plan stays usable until the end of the paid period. */
  cancelAtPeriodEnd(user: BillingAccount): Promise<SubscriptionState>;
  /** Ends the subscription now: nothing is charged again (the account is being deleted). */
  cancelNow(user: BillingAccount): Promise<SubscriptionState>;
  /** Undoes cancelAtPeriodEnd before the period ends. */
  reactivate(user: BillingAccount): Promise<SubscriptionState>;
  /** The provider's self-service page (payment methods, invoices). */
  createPortalSession(user: BillingAccount): Promise<{ url: string }>;
  /** Verifies and applies a webhook delivery. Throws AppError BAD_REQUEST on a bad signature. */
  handleWebhook(rawBody: string | Buffer, signature: string | undefined): Promise<WebhookResult>;
}
