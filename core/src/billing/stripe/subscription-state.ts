// Stripe's subscription, in Postwright's terms.
//   trialing, active           -> active (cancelled when set to end at the period end); endDate = period end
//   past_due, unpaid, paused   -> past_due; endDate = start of the unpaid period (= end of the last paid one),
//                                 so entitlements keep the plan for the grace period after it
//   canceled, incomplete_expired -> ended (free)
//   incomplete                 -> null: the first payment is still pending, nothing changes yet
import type Stripe from "stripe";
import type { PlanName } from "../../contracts/billing.ts";
import type { BillingInterval } from "../plans.ts";
import type { SubscriptionState } from "../provider.ts";

const fromUnix = (seconds: number | null | undefined) => (seconds ? new Date(seconds * 1000) : null);

export const idOf = (value: string | { id: string } | null | undefined): string | null =>
  value == null ? null : typeof value === "string" ? value : value.id;

export function subscriptionPriceId(subscription: Stripe.Subscription): string | null {
  return subscription.items.data[0]?.price.id ?? null;
}

export function subscriptionStateFromStripe(subscription: Stripe.Subscription, plan: PlanName | null): SubscriptionState | null {
  const items = subscription.items.data;
  const periodEnd = Math.max(0, ...items.map((item) => item.current_period_end)) || subscription.trial_end;
  const periodStart = Math.max(0, ...items.map((item) => item.current_period_start)) || null;
  const recurring: string | undefined = items[0]?.price.recurring?.interval;
  const interval: BillingInterval | null = recurring === "month" ? "month" : recurring === "year" ? "year" : null;
  const base = { subscriptionId: subscription.id, customerId: idOf(subscription.customer), plan, interval };
  switch (subscription.status) {
    case "trialing":
    case "active": {
      const cancelling = subscription.cancel_at_period_end || subscription.cancel_at !== null;
      const endDate = fromUnix(subscription.cancel_at ?? periodEnd);
      return { ...base, status: cancelling ? "cancelled" : "active", endDate, live: true };
    }
    case "past_due":
    case "unpaid":
    case "paused":
      return { ...base, status: "past_due", endDate: fromUnix(periodStart ?? periodEnd), live: true };
    case "incomplete":
      return null;
    default:
      return { ...base, status: "free", endDate: null, live: false };
  }
}
