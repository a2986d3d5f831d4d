// Used when no payment provider is configured (no STRIPE_SECRET_KEY). The free plan keeps working; anything that
// needs a payment explains that online payments are off on this site.
import { AppError } from "../errors/index.ts";
import type { BillingProvider } from "./provider.ts";

export const PAYMENTS_NOT_CONFIGURED =
  "Online payments are not configured on this site. Please contact us to upgrade your plan.";

const unavailable = () => Promise.reject(new AppError("UNAVAILABLE", PAYMENTS_NOT_CONFIGURED));

export function createDisabledBillingProvider(): BillingProvider {
  return {
    kind: "disabled",
    enabled: false,
    createCheckout: unavailable,
    activateFromCheckoutSession: unavailable,
    cancelAtPeriodEnd: unavailable,
    cancelNow: unavailable,
    reactivate: unavailable,
    createPortalSession: unavailable,
    handleWebhook: () =>
      Promise.reject(new AppError("NOT_FOUND", "Payments are not configured on this site.", { internal: "webhook received while billing is disabled" })),
  };
}
