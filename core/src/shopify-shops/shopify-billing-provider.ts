// Shopify's Billing API behind the core's BillingProvider contract, for shops that installed the embedded app (App
// Store apps must bill merchants through Shopify). The same catalogue as the site (shopifyPlans: names, prices,
// yearly -20%), a 7-day trial on the shop's first subscription, test charges everywhere but production.
//
// A plan is bought in three steps: createCheckout asks Shopify for a subscription (appSubscriptionCreate) and returns
// its confirmation URL; the merchant approves it there; Shopify then reports it ACTIVE, by the app_subscriptions/update
// webhook (handleShopWebhook) and on the return to the app (activateFromCheckoutSession with the charge_id), and only
// then does the shop's plan change. Cancelling (appSubscriptionCancel, prorated) ends the subscription at once: the
// shop is back on Free. Calls use the shop's offline token (refreshed when it has expired).
import {
  applySubscriptionState,
  applySubscriptionStateInTransaction,
  type StateSource,
} from "../billing/apply-subscription-state.ts";
import type { BillingProvider, SubscriptionState } from "../billing/provider.ts";
import { asFetch } from "../publishing/as-fetch.ts";
import type { PrismaNamespace } from "../db/index.ts";
import { AppError, badRequest, notFound } from "../errors/index.ts";
import { silentLogger, type Logger } from "../logger.ts";
import { createAdminGraphqlClient } from "../publishing/shopify/admin-graphql-client.ts";
import type { ShopifyCostPacer } from "../publishing/shopify/cost-pacer.ts";
import {
  activeAppSubscriptions,
  appSubscriptionCancel,
  appSubscriptionCreate,
  type ShopifyOperation,
} from "../publishing/shopify/operations.ts";
import { getShopAccessToken } from "../shopify-sessions/get-shop-access-token.ts";
import { shopifyPlans, findShopifyPlan } from "./shopify-plans.ts";
import { shopClock, type ShopTokenDeps } from "../shopify-sessions/types.ts";

/** Days of free trial on a shop's first subscription (the same as the site's). */
export const SHOPIFY_TRIAL_DAYS = 7;

export interface ShopifyBillingOptions extends ShopTokenDeps {
  /** Test charges (approved without payment) unless this is the production deployment. */
  isTest: boolean;
  /** Where Shopify sends the merchant after the confirmation page (the app's plans page in Shopify admin). */
  returnUrl: (shop: string) => string;
  pacer?: ShopifyCostPacer;
  logger?: Logger;
}

/** A subscription as Shopify reports it (GraphQL or the webhook's payload, in the same terms). */
export interface ShopifySubscriptionReport {
  id: string;
  name: string;
  status: string;
  currentPeriodEnd?: string | null;
}

/**
 * The core's state for a Shopify subscription; null when there is nothing to apply (a plan name this app does not
 * sell, or a subscription still waiting for the merchant: PENDING, ACCEPTED).
 */
export function shopifySubscriptionState(report: ShopifySubscriptionReport): SubscriptionState | null {
  const plan = findShopifyPlan(report.name);
  const status = report.status.toUpperCase();
  if (!plan || status === "PENDING" || status === "ACCEPTED") return null;
  const live = status === "ACTIVE" || status === "FROZEN";
  const periodEnd = report.currentPeriodEnd ? new Date(report.currentPeriodEnd) : null;
  return {
    subscriptionId: report.id,
    customerId: null,
    plan: plan.plan,
    interval: plan.interval,
    // FROZEN: the store's own Shopify bill is unpaid; the plan is kept for the grace period after the paid period.
    status: status === "FROZEN" ? "past_due" : live ? "active" : "free",
    endDate: status === "FROZEN" ? periodEnd : null,
    live,
  };
}

/**
 * Applies a reported subscription to the shop's account (inside the caller's transaction). An app has one active
 * subscription per shop, so an active one takes the place of whatever the shop had (a plan change); any other report
 * about a subscription that is not the shop's current one changes nothing.
 */
export async function applyShopifySubscription(
  tx: PrismaNamespace.TransactionClient,
  input: { userId: number; report: ShopifySubscriptionReport; observedAt: Date },
): Promise<boolean> {
  const state = shopifySubscriptionState(input.report);
  if (!state) return false;
  const source: StateSource = state.live ? "checkout" : "event";
  const result = await applySubscriptionStateInTransaction(tx, {
    userId: input.userId,
    state,
    observedAt: input.observedAt,
    source,
  });
  return result.applied;
}

function upstream(error: unknown, action: string): AppError {
  if (error instanceof AppError) return error;
  return new AppError("UPSTREAM", "Shopify could not complete the billing request. Please try again in a moment.", {
    internal: `Shopify billing ${action} failed: ${error instanceof Error ? error.message : String(error)}`,
    cause: error,
  });
}

export function createShopifyBillingProvider(options: ShopifyBillingOptions): BillingProvider {
  const { prisma } = options;
  const log = (options.logger ?? silentLogger).child({ component: "billing", provider: "shopify" });

  async function shopOf(userId: number): Promise<string> {
    const user = await prisma.user.findUnique({ where: { id: userId }, select: { shopDomain: true } });
    if (!user) throw notFound("Your account could not be found. Open the app again from Shopify admin.");
    if (!user.shopDomain) throw badRequest("This account is not a Shopify store's account: choose a plan on the site.");
    return user.shopDomain;
  }

  async function call<T>(
    shop: string,
    action: string,
    operation: ShopifyOperation<T>,
    variables: Record<string, unknown> = {},
  ): Promise<T> {
    try {
      const accessToken = await getShopAccessToken(options, { shop });
      const client = createAdminGraphqlClient(
        { shopDomain: shop, accessToken },
        { fetch: asFetch(options.fetch), apiBaseUrl: options.shopifyApiBaseUrl, pacer: options.pacer },
      );
      return await client.request(operation, variables);
    } catch (error) {
      throw upstream(error, action);
    }
  }

  async function apply(
    userId: number,
    report: ShopifySubscriptionReport,
    observedAt: Date,
  ): Promise<SubscriptionState> {
    const state = shopifySubscriptionState(report);
    if (!state)
      throw new AppError("CONFLICT", "Shopify has not confirmed this subscription yet. Please try again in a moment.");
    const source: StateSource = state.live ? "checkout" : "action";
    const result = await applySubscriptionState({ prisma }, { userId, state, observedAt, source });
    if (!result.applied)
      log.info(
        { userId, subscriptionId: state.subscriptionId, reason: result.reason },
        "subscription state not applied",
      );
    return state;
  }

  const provider: BillingProvider = {
    kind: "shopify",
    enabled: true,

    async createCheckout(user, plan) {
      const offer = shopifyPlans.find((p) => p.plan === plan.name && p.interval === plan.interval);
      if (!offer) throw badRequest("This plan cannot be bought through Shopify. Choose one of the plans shown.");
      const shop = await shopOf(user.id);
      // One trial per shop: only before its first subscription.
      const trialDays = user.stripeSubscriptionId === null ? SHOPIFY_TRIAL_DAYS : 0;
      const { appSubscriptionCreate: created } = await call(shop, "subscription", appSubscriptionCreate, {
        name: offer.key,
        returnUrl: options.returnUrl(shop),
        trialDays,
        test: options.isTest,
        lineItems: [
          {
            plan: {
              appRecurringPricingDetails: {
                price: { amount: offer.amount, currencyCode: "USD" },
                interval: offer.interval === "year" ? "ANNUAL" : "EVERY_30_DAYS",
              },
            },
          },
        ],
      });
      if (created.userErrors.length > 0 || !created.confirmationUrl) {
        throw upstream(
          new Error(created.userErrors.map((e) => e.message).join("; ") || "no confirmation URL"),
          "subscription",
        );
      }
      log.info(
        { userId: user.id, shop, plan: offer.key, trialDays, test: options.isTest },
        "subscription awaiting the merchant's approval",
      );
      return { url: created.confirmationUrl };
    },

    async activateFromCheckoutSession(chargeId, userId) {
      const shop = await shopOf(userId);
      const observedAt = shopClock(options);
      const { currentAppInstallation } = await call(shop, "subscription check", activeAppSubscriptions);
      const subscription = currentAppInstallation.activeSubscriptions.find(
        (s) => s.id === chargeId || s.id.endsWith(`/${chargeId}`),
      );
      if (!subscription) throw badRequest("This subscription was not approved. Choose a plan to try again.");
      return apply(userId, subscription, observedAt);
    },

    async cancelAtPeriodEnd(user) {
      const subscriptionId = user.stripeSubscriptionId;
      if (!subscriptionId) throw badRequest("You have no paid subscription to cancel.");
      const shop = await shopOf(user.id);
      const observedAt = shopClock(options);
      const { appSubscriptionCancel: cancelled } = await call(shop, "cancellation", appSubscriptionCancel, {
        id: subscriptionId,
      });
      if (!cancelled.appSubscription) {
        throw badRequest(
          `Shopify could not cancel this subscription: ${cancelled.userErrors.map((e) => e.message).join("; ")}`,
        );
      }
      return apply(user.id, cancelled.appSubscription, observedAt);
    },

    async cancelNow(user) {
      // Shopify's cancellation ends the subscription at once (prorated), so this is the same call.
      return provider.cancelAtPeriodEnd(user);
    },

    async reactivate() {
      throw badRequest("A cancelled Shopify subscription cannot be resumed. Choose a plan again on the Plans page.");
    },

    async createPortalSession(user) {
      const shop = await shopOf(user.id);
      // Shopify admin lists the store's app subscriptions and charges under Settings > Billing.
      return {
        url: `https://admin.shopify.com/store/${shop.replace(/\.myshopify\.com$/, "")}/settings/billing/subscriptions`,
      };
    },

    async handleWebhook() {
      // Shopify's webhooks carry the shop and the webhook id in headers this contract does not pass: they are
      // verified by the app and applied by handleShopWebhook.
      throw new AppError("NOT_FOUND", "Shopify billing notifications are received by the Shopify app.", {
        internal: "Shopify webhooks go to the app's webhook routes (handleShopWebhook)",
      });
    },
  };
  return provider;
}
