// The embedded app's Plans page: what the shop is on and can buy, and the merchant's choice. A paid plan answers the
// Shopify confirmation page to send the merchant to (the plan changes once Shopify reports the subscription active);
// "free" ends the paid subscription (cancelled with Shopify, prorated). The shop's provider is the Shopify billing
// provider (createShopifyBillingProvider); the rules are the site's (startCheckout, cancelSubscription).
import { getEntitlements } from "../billing/entitlements.ts";
import { catalogPlan } from "../billing/plans.ts";
import type { BillingProvider } from "../billing/provider.ts";
import { startCheckout } from "../billing/start-checkout.ts";
import type { Prisma } from "../db/index.ts";
import { badRequest, notFound } from "../errors/index.ts";
import { findShopifyPlan, shopifyPlans } from "./shopify-plans.ts";

export interface ShopBillingDeps {
  prisma: Prisma;
  billing: BillingProvider;
}

export interface ShopPlansView {
  /** The plan whose limits apply now, e.g. "Starter". */
  plan: string;
  status: string;
  postsLeft: number;
  /** Whether the shop pays for a subscription it can cancel. */
  canCancel: boolean;
  offers: Array<{ key: string; price: string; features: string[]; current: boolean }>;
}

async function shopUserId(prisma: Prisma, shop: string): Promise<number> {
  const user = await prisma.user.findUnique({ where: { shopDomain: shop }, select: { id: true } });
  if (!user) throw notFound("This store's account was not found. Open the app again from Shopify admin.");
  return user.id;
}

export async function getShopPlans(
  deps: Pick<ShopBillingDeps, "prisma">,
  input: { shop: string },
): Promise<ShopPlansView> {
  const userId = await shopUserId(deps.prisma, input.shop);
  const [entitlements, user] = await Promise.all([
    getEntitlements(deps, userId),
    deps.prisma.user.findUniqueOrThrow({ where: { id: userId }, select: { subscriptionInterval: true } }),
  ]);
  const paying = entitlements.plan !== "free" && entitlements.status === "active";
  return {
    plan: catalogPlan(entitlements.plan).displayName,
    status: entitlements.status,
    postsLeft: entitlements.usageRemaining,
    canCancel: paying,
    offers: shopifyPlans.map((p) => ({
      key: p.key,
      price: `$${p.amount.toFixed(2)} / ${p.interval}`,
      features: catalogPlan(p.plan).features,
      current: paying && p.plan === entitlements.plan && p.interval === user.subscriptionInterval,
    })),
  };
}

/** planKey: a Shopify plan's name (e.g. "Starter (monthly)") or "free". */
export async function chooseShopPlan(
  deps: ShopBillingDeps,
  input: { shop: string; planKey: string },
): Promise<{ url?: string }> {
  const userId = await shopUserId(deps.prisma, input.shop);
  const offer =
    input.planKey === "free" ? { plan: "free" as const, interval: "month" as const } : findShopifyPlan(input.planKey);
  if (!offer) throw badRequest("Choose one of the plans shown.");
  const row = await deps.prisma.subscriptionPlan.findFirst({
    where: { name: offer.plan, interval: offer.interval, isActive: true },
    select: { id: true },
  });
  if (!row) throw notFound("That plan is not available. Please choose another one.");
  return startCheckout(deps, { userId, planId: row.id });
}

/** The merchant is back from Shopify's confirmation page with the subscription's charge_id. */
export async function confirmShopPlan(deps: ShopBillingDeps, input: { shop: string; chargeId: string }): Promise<void> {
  const userId = await shopUserId(deps.prisma, input.shop);
  await deps.billing.activateFromCheckoutSession(input.chargeId, userId);
}
