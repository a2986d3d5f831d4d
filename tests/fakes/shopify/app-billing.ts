// Shopify's Billing API for the app, per shop: appSubscriptionCreate answers a PENDING subscription and a confirmation
// URL; the merchant approves (or declines) on that page, which makes the subscription ACTIVE (cancelling the one it
// replaces: an app has one active subscription per shop) and redirects to the app's returnUrl with `charge_id`;
// appSubscriptionCancel cancels. Every status change records the app_subscriptions/update webhook Shopify would send.
import { randomBytes, randomUUID } from "node:crypto";
import { numericId, type FakeShop, type UserError } from "./shop-state.ts";

export type FakeSubscriptionStatus =
  "PENDING" | "ACTIVE" | "CANCELLED" | "DECLINED" | "EXPIRED" | "FROZEN" | "ACCEPTED";

export interface FakeAppSubscription {
  id: string;
  name: string;
  status: FakeSubscriptionStatus;
  test: boolean;
  trialDays: number;
  returnUrl: string;
  /** Amount per interval as Shopify prints it, e.g. "29.0". */
  amount: string;
  currencyCode: string;
  interval: "EVERY_30_DAYS" | "ANNUAL";
  lineItemId: string;
  confirmationSignature: string;
  createdAt: string;
  updatedAt: string;
  currentPeriodEnd: string | null;
}

/** One webhook Shopify would deliver to the app (the payload as JSON, with the id of the delivery). */
export interface FakeWebhook {
  id: string;
  topic: "app_subscriptions/update";
  shop: string;
  payload: { app_subscription: Record<string, unknown> };
}

interface LineItemInput {
  plan: {
    appRecurringPricingDetails?: {
      price: { amount: string | number; currencyCode: string };
      interval?: "EVERY_30_DAYS" | "ANNUAL" | null;
    } | null;
    appUsagePricingDetails?: unknown;
  };
}

const DAY_MS = 86_400_000;

export function confirmationPath(shop: FakeShop, subscription: FakeAppSubscription): string {
  return `/shops/${shop.domain}/admin/charges/postwright/${numericId(subscription.id)}/RecurringApplicationCharge/confirm_recurring_application_charge?signature=${subscription.confirmationSignature}`;
}

function subscriptionView(s: FakeAppSubscription) {
  return {
    __typename: "AppSubscription",
    id: s.id,
    name: s.name,
    status: s.status,
    test: s.test,
    trialDays: s.trialDays,
    returnUrl: s.returnUrl,
    createdAt: s.createdAt,
    currentPeriodEnd: s.currentPeriodEnd,
    lineItems: [
      {
        id: s.lineItemId,
        plan: {
          pricingDetails: {
            __typename: "AppRecurringPricing",
            interval: s.interval,
            price: { amount: s.amount, currencyCode: s.currencyCode },
            discount: null,
            planHandle: null,
          },
        },
      },
    ],
  };
}

function recordWebhook(shop: FakeShop, s: FakeAppSubscription): FakeWebhook {
  const webhook: FakeWebhook = {
    id: randomUUID(),
    topic: "app_subscriptions/update",
    shop: shop.domain,
    payload: {
      app_subscription: {
        admin_graphql_api_id: s.id,
        name: s.name,
        status: s.status,
        admin_graphql_api_shop_id: shop.shopId,
        created_at: s.createdAt,
        updated_at: s.updatedAt,
        currency: s.currencyCode,
        price: s.amount,
        interval: s.interval.toLowerCase(),
        plan_handle: null,
      },
    },
  };
  shop.webhooks.push(webhook);
  return webhook;
}

function setStatus(shop: FakeShop, s: FakeAppSubscription, status: FakeSubscriptionStatus, at: string): FakeWebhook {
  s.status = status;
  s.updatedAt = at;
  return recordWebhook(shop, s);
}

export function appBillingQueries(shop: FakeShop): Record<string, unknown> {
  return {
    currentAppInstallation: () => ({
      __typename: "AppInstallation",
      id: `gid://shopify/AppInstallation/${numericId(shop.shopId)}`,
      accessScopes: [...shop.scopes].map((handle) => ({ handle, description: handle.replace(/_/g, " ") })),
      activeSubscriptions: shop.subscriptions.filter((s) => s.status === "ACTIVE").map(subscriptionView),
    }),
  };
}

export function appBillingMutations(shop: FakeShop, origin: string): Record<string, unknown> {
  return {
    appSubscriptionCreate: (args: Record<string, unknown>) => {
      const name = String(args["name"] ?? "").trim();
      const lineItems = (args["lineItems"] as LineItemInput[]) ?? [];
      const errors: UserError[] = [];
      if (!name) errors.push({ field: ["name"], message: "Name can't be blank", code: null });
      const recurring = lineItems.map((item) => item.plan.appRecurringPricingDetails).filter((d) => d != null);
      if (recurring.length !== 1 || lineItems.length !== 1) {
        errors.push({ field: ["lineItems"], message: "The fake supports exactly one recurring line item", code: null });
      }
      const pricing = recurring[0];
      const amount = Number(pricing?.price.amount);
      if (pricing && !(amount > 0)) {
        errors.push({
          field: ["lineItems", "0", "plan", "appRecurringPricingDetails", "price"],
          message: "Price must be greater than 0",
          code: null,
        });
      }
      const trialDays = (args["trialDays"] as number | null | undefined) ?? 0;
      if (trialDays < 0)
        errors.push({ field: ["trialDays"], message: "Trial days must be greater than or equal to 0", code: null });
      if (errors.length > 0 || !pricing) {
        return {
          appSubscription: null,
          confirmationUrl: null,
          userErrors: errors.map(({ field, message }) => ({ field, message })),
        };
      }
      const now = new Date().toISOString();
      const subscription: FakeAppSubscription = {
        id: `gid://shopify/AppSubscription/${shop.newNumericId()}`,
        name,
        status: "PENDING",
        test: Boolean(args["test"]),
        trialDays,
        returnUrl: String(args["returnUrl"]),
        amount: Number.isInteger(amount) ? `${amount}.0` : String(amount),
        currencyCode: pricing.price.currencyCode,
        interval: pricing.interval ?? "EVERY_30_DAYS",
        lineItemId: `gid://shopify/AppSubscriptionLineItem/${shop.newNumericId()}?v=1&index=0`,
        confirmationSignature: randomBytes(12).toString("hex"),
        createdAt: now,
        updatedAt: now,
        currentPeriodEnd: null,
      };
      shop.subscriptions.push(subscription);
      return {
        appSubscription: subscriptionView(subscription),
        confirmationUrl: `${origin}${confirmationPath(shop, subscription)}`,
        userErrors: [],
      };
    },
    appSubscriptionCancel: (args: Record<string, unknown>) => {
      const subscription = shop.subscriptions.find((s) => s.id === args["id"]);
      if (!subscription) {
        return {
          appSubscription: null,
          userErrors: [{ field: ["id"], message: "Couldn't find RecurringApplicationCharge" }],
        };
      }
      if (subscription.status !== "ACTIVE" && subscription.status !== "FROZEN" && subscription.status !== "PENDING") {
        return {
          appSubscription: null,
          userErrors: [{ field: ["id"], message: `Cannot cancel a ${subscription.status.toLowerCase()} subscription` }],
        };
      }
      setStatus(shop, subscription, "CANCELLED", new Date().toISOString());
      return { appSubscription: subscriptionView(subscription), userErrors: [] };
    },
  };
}

/**
 * What happens when the merchant answers the confirmation page: approve activates the subscription (the trial
 * counted from now) and cancels the one it replaces; decline ends it. Returns where Shopify sends the merchant and
 * the webhooks it records; null for an unknown or already answered confirmation.
 */
export function answerConfirmation(
  shop: FakeShop,
  chargeId: string,
  signature: string | null,
  answer: "approve" | "decline",
): { location: string; webhooks: FakeWebhook[] } | null {
  const subscription = shop.subscriptions.find((s) => numericId(s.id) === chargeId);
  if (!subscription || subscription.status !== "PENDING" || subscription.confirmationSignature !== signature)
    return null;
  const at = new Date();
  const stamp = at.toISOString();
  const webhooks: FakeWebhook[] = [];
  if (answer === "approve") {
    for (const other of shop.subscriptions) {
      if (other !== subscription && other.status === "ACTIVE")
        webhooks.push(setStatus(shop, other, "CANCELLED", stamp));
    }
    const periodDays = subscription.interval === "ANNUAL" ? 365 : 30;
    subscription.currentPeriodEnd = new Date(
      at.getTime() + (subscription.trialDays + periodDays) * DAY_MS,
    ).toISOString();
    webhooks.push(setStatus(shop, subscription, "ACTIVE", stamp));
  } else {
    webhooks.push(setStatus(shop, subscription, "DECLINED", stamp));
  }
  const location = new URL(subscription.returnUrl);
  location.searchParams.set("charge_id", chargeId);
  return { location: location.toString(), webhooks };
}
