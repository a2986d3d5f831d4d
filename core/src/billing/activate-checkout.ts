import type { SubscriptionDetails } from "../contracts/billing.ts";
import { getSubscriptionDetails } from "./get-subscription-details.ts";
import type { BillingDeps } from "./start-checkout.ts";

/** POST /api/subscription/success: applies the completed checkout of the signed-in user (a webhook may have done
 * it already; doing it twice changes nothing). */
export async function activateCheckout(deps: BillingDeps, input: { userId: number; sessionId: string }): Promise<SubscriptionDetails> {
  await deps.billing.activateFromCheckoutSession(input.sessionId, input.userId);
  return getSubscriptionDetails(deps, input.userId);
}
