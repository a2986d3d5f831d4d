// The core's paid plans as Shopify Billing API plans: one per plan and interval, same prices (yearly with the
// catalogue's discount), named so that a subscription's name tells which plan and interval it is.
import { planCatalogue, planPrice, type BillingInterval } from "../billing/plans.ts";
import type { PlanName } from "../contracts/billing.ts";

export interface ShopifyPlan {
  /** The subscription's name at Shopify, e.g. "Starter (monthly)". */
  key: string;
  plan: PlanName;
  interval: BillingInterval;
  /** Price per interval, in US dollars. */
  amount: number;
}

const intervalLabel: Record<BillingInterval, string> = { month: "monthly", year: "yearly" };

export const shopifyPlans: readonly ShopifyPlan[] = planCatalogue
  .filter((plan) => plan.selfServe)
  .flatMap((plan) =>
    plan.intervals.map((interval) => ({
      key: `${plan.displayName} (${intervalLabel[interval]})`,
      plan: plan.name,
      interval,
      amount: planPrice(plan, interval) / 100,
    })),
  );

export function findShopifyPlan(key: string): ShopifyPlan | undefined {
  return shopifyPlans.find((p) => p.key === key);
}
