// How plans are ordered, filtered and priced on screen. Prices are stored in cents and shown in whole dollars; a
// yearly plan shows its monthly equivalent, the yearly total and what it saves against paying monthly (20% off).
import type { PlanName, PlanView } from "@postwright/core/contracts";

export type BillingInterval = "month" | "year";

export const YEARLY_DISCOUNT = 0.2;

// Listed here rather than imported: a value import of the contracts would pull zod into the landing page's bundle.
const planNames: readonly PlanName[] = ["free", "starter", "professional", "enterprise"];
const planOrder = new Map<string, number>(planNames.map((name, index) => [name, index]));

/** Active plans of the interval, plus the free plan, in the order free, starter, professional, enterprise. */
export function plansForInterval(plans: readonly PlanView[], interval: BillingInterval): PlanView[] {
  const seen = new Set<string>();
  return plans
    .filter((plan) => plan.isActive && (plan.interval === interval || plan.name === "free"))
    .sort((a, b) => (planOrder.get(a.name) ?? planNames.length) - (planOrder.get(b.name) ?? planNames.length))
    .filter((plan) => {
      // A free plan may exist for both intervals; show it once.
      if (seen.has(plan.name)) return false;
      seen.add(plan.name);
      return true;
    });
}

export function wholeDollars(cents: number): number {
  return Math.round(cents / 100);
}

export interface PlanPrice {
  /** Dollars per month: the monthly price, or a yearly price divided by 12. */
  perMonth: number;
  /** Dollars per year, for yearly plans. */
  yearlyTotal?: number;
  /** Dollars a yearly plan saves against twelve months at the undiscounted price (price / 0.8 - price). */
  yearlySaving?: number;
}

export function planPrice(plan: Pick<PlanView, "price" | "interval">): PlanPrice {
  if (plan.interval === "year") {
    const dollars = plan.price / 100;
    return {
      perMonth: Math.round(dollars / 12),
      yearlyTotal: Math.round(dollars),
      yearlySaving: Math.round(dollars / (1 - YEARLY_DISCOUNT) - dollars),
    };
  }
  return { perMonth: wholeDollars(plan.price) };
}

export function formatDollars(amount: number): string {
  return `$${amount.toLocaleString("en-US")}`;
}

/** "Unlimited blog posts" for -1, else the monthly allowance. */
export function postLimitLabel(limit: number): string {
  if (limit < 0) return "Unlimited blog posts";
  return `${limit} blog ${limit === 1 ? "post" : "posts"} per month`;
}

export function isContactSalesPlan(name: PlanName): boolean {
  return name === "enterprise";
}
