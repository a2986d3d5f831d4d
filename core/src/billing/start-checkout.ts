import type { Prisma } from "../db/client.ts";
import { badRequest, notFound } from "../errors/index.ts";
import { resolvePlanAccess } from "./entitlements.ts";
import { loadBillingAccount } from "./load-billing-account.ts";
import { catalogPlan, isPlanName } from "./plans.ts";
import type { BillingAccount, BillingProvider } from "./provider.ts";

export interface BillingDeps {
  prisma: Prisma;
  billing: BillingProvider;
}

/**
 * POST /api/subscription/checkout. A paid plan returns the payment page's url; the plan changes once payment is
 * confirmed. The free plan returns no url: the user is switched to free (a paid subscription is set to end at the
 * close of its period, so what was paid for stays usable). Enterprise is sold by the sales team.
 */
export async function startCheckout(deps: BillingDeps, input: { userId: number; planId: number }, now = new Date()): Promise<{ url?: string }> {
  const plan = await deps.prisma.subscriptionPlan.findFirst({ where: { id: input.planId, isActive: true } });
  if (!plan || !isPlanName(plan.name)) throw notFound("That plan is not available. Please choose another one.");
  const user = await loadBillingAccount(deps.prisma, input.userId);
  if (plan.name === "free") {
    await switchToFree(deps, user, now);
    return {};
  }
  if (catalogPlan(plan.name).contactSales) {
    throw badRequest("The Enterprise plan is arranged with our sales team. Please contact us and we will set it up.");
  }
  return deps.billing.createCheckout(user, {
    id: plan.id,
    name: plan.name,
    displayName: plan.displayName,
    price: plan.price,
    interval: plan.interval === "year" ? "year" : "month",
    stripePriceId: plan.stripePriceId,
  });
}

async function switchToFree(deps: BillingDeps, user: BillingAccount, now: Date): Promise<void> {
  const access = resolvePlanAccess(user, now);
  if (user.stripeSubscriptionId && access.plan !== "free") {
    // Already set to end: nothing to do. Otherwise stop the renewal; the plan runs to the end of the paid period.
    if (access.status === "active") await deps.billing.cancelAtPeriodEnd(user);
    return;
  }
  await deps.prisma.user.update({
    where: { id: user.id },
    data: { subscriptionPlan: "free", subscriptionStatus: "free", subscriptionEndDate: null, subscriptionInterval: null },
  });
}
