import type { SubscriptionDetails } from "../contracts/billing.ts";
import { badRequest } from "../errors/index.ts";
import { resolvePlanAccess } from "./entitlements.ts";
import { getSubscriptionDetails } from "./get-subscription-details.ts";
import { loadBillingAccount } from "./load-billing-account.ts";
import type { BillingDeps } from "./start-checkout.ts";

/**
 * POST /api/subscription/cancel: offered when the status is active and the plan is not free. A paid subscription
 * stops renewing and stays usable until the end of its period. A plan granted without payment (by the
 * administrator) has no paid period left beyond its end date, if any, so it ends then, or at once.
 */
export async function cancelSubscription(deps: BillingDeps, userId: number, now = new Date()): Promise<SubscriptionDetails> {
  const user = await loadBillingAccount(deps.prisma, userId);
  const access = resolvePlanAccess(user, now);
  if (access.status !== "active" || access.plan === "free") throw badRequest("You have no active paid subscription to cancel.");
  if (user.stripeSubscriptionId) {
    await deps.billing.cancelAtPeriodEnd(user);
  } else {
    const end = user.subscriptionEndDate && user.subscriptionEndDate > now ? user.subscriptionEndDate : now;
    await deps.prisma.user.update({ where: { id: userId }, data: { subscriptionStatus: "cancelled", subscriptionEndDate: end } });
  }
  return getSubscriptionDetails(deps, userId, now);
}
