import { loadBillingAccount } from "./load-billing-account.ts";
import type { BillingDeps } from "./start-checkout.ts";

/** POST /api/subscription/billing-portal: the payment provider's page for cards, invoices and cancellation. */
export async function openBillingPortal(deps: BillingDeps, userId: number): Promise<{ url: string }> {
  const user = await loadBillingAccount(deps.prisma, userId);
  return deps.billing.createPortalSession(user);
}
