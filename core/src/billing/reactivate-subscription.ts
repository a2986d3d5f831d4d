import type { SubscriptionDetails } from "../contracts/billing.ts";
import { badRequest } from "../errors/index.ts";
import { resolvePlanAccess } from "./entitlements.ts";
import { getSubscriptionDetails } from "./get-subscription-details.ts";
import { loadBillingAccount } from "./load-billing-account.ts";
import type { BillingDeps } from "./start-checkout.ts";

/** POST /api/subscription/reactivate: offered only while a cancelled subscription has not reached its end. */
export async function reactivateSubscription(deps: BillingDeps, userId: number, now = new Date()): Promise<SubscriptionDetails> {
  const user = await loadBillingAccount(deps.prisma, userId);
  const access = resolvePlanAccess(user, now);
  if (access.status !== "cancelled") throw badRequest("Only a cancelled subscription can be reactivated.");
  if (access.plan === "free") throw badRequest("Your subscription has already ended. Please choose a plan on the pricing page.");
  if (user.stripeSubscriptionId) {
    await deps.billing.reactivate(user);
  } else {
    await deps.prisma.user.update({ where: { id: userId }, data: { subscriptionStatus: "active" } });
  }
  return getSubscriptionDetails(deps, userId, now);
}
