// Plans, entitlements, usage quotas and payments. Surfaces call the functions below; the payment provider is
// chosen once at start-up with createBillingProvider and passed in as `billing`.
export {
  planCatalogue,
  catalogPlan,
  isPlanName,
  planOrFree,
  planPrice,
  seedPlans,
  listPlans,
  toPlanView,
  UNLIMITED,
  YEARLY_DISCOUNT,
} from "./plans.ts";
export type { BillingInterval, CatalogPlan, PlanPriceIds, SeedPlansOptions } from "./plans.ts";
export { listCataloguePlans } from "./list-catalogue-plans.ts";
export { usagePeriod } from "./usage-period.ts";
export type { UsagePeriod } from "./usage-period.ts";
export {
  getEntitlements,
  computeEntitlements,
  resolvePlanAccess,
  statusOrFree,
  PAST_DUE_GRACE_DAYS,
} from "./entitlements.ts";
export type { Entitlements, PlanAccess, SubscriptionFields } from "./entitlements.ts";
export {
  reserveGeneration,
  releaseGeneration,
  releaseExpiredGenerations,
  completeGeneration,
  GENERATION_LEASE_MS,
  withGenerationQuota,
  assertCanGenerate,
  recordPublication,
  countPublications,
  limitExceededError,
} from "./generation-quota.ts";
export { createPublicationCounter } from "./publication-counter.ts";
export type { PublicationCounter } from "./publication-counter.ts";
export type { GenerationReservation } from "./generation-quota.ts";
export { getSubscriptionDetails } from "./get-subscription-details.ts";
export { startCheckout } from "./start-checkout.ts";
export type { BillingDeps } from "./start-checkout.ts";
export { activateCheckout } from "./activate-checkout.ts";
export { cancelSubscription } from "./cancel-subscription.ts";
export { reactivateSubscription } from "./reactivate-subscription.ts";
export { openBillingPortal } from "./open-billing-portal.ts";
export { applySubscriptionState, applySubscriptionStateInTransaction } from "./apply-subscription-state.ts";
export type { ApplyStateInput, ApplyStateResult, StateSource } from "./apply-subscription-state.ts";
export { createBillingProvider } from "./create-billing-provider.ts";
export { createDisabledBillingProvider, PAYMENTS_NOT_CONFIGURED } from "./disabled-billing-provider.ts";
export { createStripeBillingProvider, createStripeClient, TRIAL_DAYS } from "./stripe/stripe-billing-provider.ts";
export type { StripeBillingOptions } from "./stripe/stripe-billing-provider.ts";
export type {
  BillingAccount,
  BillingProvider,
  CheckoutPlan,
  SubscriptionState,
  WebhookOutcome,
  WebhookResult,
} from "./provider.ts";
export { countTitleSuggestion } from "./count-title-suggestion.ts";
export { CONCURRENT_GENERATIONS, TITLE_SUGGESTIONS_A_MONTH } from "./model-spend-limits.ts";
export { CONTENT_PLANS_PER_ACCOUNT, TITLES_PER_CONTENT_PLAN } from "./autopilot-limits.ts";
