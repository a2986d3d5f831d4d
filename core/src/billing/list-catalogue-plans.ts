// The plan catalogue as the pricing page shows it, without a database: what the site's pages are prerendered with
// when the client is built (standalone-web/build.mjs). Same plans, order, prices and features as listPlans over the
// seeded rows; the ids are negative because no row exists yet (a page replaces these with the API's plans).
import type { PlanView } from "../contracts/billing.ts";
import { planCatalogue, planPrice } from "./plans.ts";

export function listCataloguePlans(options: { paymentsEnabled: boolean }): PlanView[] {
  const views: PlanView[] = [];
  for (const plan of planCatalogue) {
    for (const interval of plan.intervals) {
      views.push({
        id: -(views.length + 1),
        name: plan.name,
        displayName: plan.displayName,
        description: plan.description,
        price: planPrice(plan, interval),
        interval,
        features: [...plan.features],
        blogPostLimit: plan.blogPostLimit,
        isActive: true,
        checkoutAvailable: plan.name === "free" || (plan.selfServe && !plan.contactSales && options.paymentsEnabled),
      });
    }
  }
  return views;
}
