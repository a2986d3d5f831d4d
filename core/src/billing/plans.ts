// The plan catalogue. This file is the source of truth for what each plan costs and allows; seedPlans copies it
// into subscription_plans at start-up (idempotently) so the pricing page, checkout and the admin page read the
// same rows. Entitlements (limits, scheduling, connections) are read from here, never from editable rows.
import type { PlanName, PlanView } from "../contracts/billing.ts";
import type { Prisma } from "../db/client.ts";
import type { BillingInterval, BillingProvider } from "./provider.ts";

export type { BillingInterval } from "./provider.ts";

/** Limits use -1 for "unlimited", the product's convention (subscription_plans.blogPostLimit). */
export const UNLIMITED = -1;

/** Yearly billing costs 12 months less 20% (the pricing page shows a -20% badge). */
export const YEARLY_DISCOUNT = 0.2;

export interface CatalogPlan {
  name: PlanName;
  displayName: string;
  description: string;
  /** Monthly price in cents. 0 for free, and for enterprise, which is arranged with sales. */
  monthlyPrice: number;
  /** Sold through online checkout (starter, professional). */
  selfServe: boolean;
  /** Enterprise: the pricing page shows "Contact sales" instead of a price and a checkout button. */
  contactSales: boolean;
  /** Intervals it is listed under. */
  intervals: readonly BillingInterval[];
  blogPostLimit: number;
  canSchedule: boolean;
  /** Saved connections per platform (Shopify stores, WordPress sites); -1 unlimited. */
  maxConnectionsPerPlatform: number;
  /** Marketing lines shown on the pricing and billing pages. */
  features: string[];
}

export const planCatalogue: readonly CatalogPlan[] = [
  {
    name: "free",
    displayName: "Free",
    description: "Try Postwright with a few posts every month.",
    monthlyPrice: 0,
    selfServe: false,
    contactSales: false,
    intervals: ["month"],
    blogPostLimit: 5,
    canSchedule: false,
    maxConnectionsPerPlatform: 1,
    features: [
      "5 blog posts per month",
      "SEO-optimised content",
      "Publish to Shopify or WordPress",
      "One connection per platform",
    ],
  },
  {
    name: "starter",
    displayName: "Starter",
    description: "For stores that publish every week.",
    monthlyPrice: 2900,
    selfServe: true,
    contactSales: false,
    intervals: ["month", "year"],
    blogPostLimit: 40,
    canSchedule: true,
    maxConnectionsPerPlatform: 1,
    features: [
      "40 blog posts per month",
      "SEO-optimised content",
      "Publish to Shopify and WordPress",
      "Scheduled publishing",
      "Email support",
    ],
  },
  {
    name: "professional",
    displayName: "Professional",
    description: "For teams running several stores and sites.",
    monthlyPrice: 5900,
    selfServe: true,
    contactSales: false,
    intervals: ["month", "year"],
    blogPostLimit: 100,
    canSchedule: true,
    maxConnectionsPerPlatform: 10,
    features: [
      "100 blog posts per month",
      "SEO-optimised content",
      "Publish to Shopify and WordPress",
      "Scheduled publishing",
      "Multiple store connections",
      "Priority support",
    ],
  },
  {
    name: "enterprise",
    displayName: "Enterprise",
    description: "Unlimited generation and a plan shaped with our sales team.",
    monthlyPrice: 0,
    selfServe: false,
    contactSales: true,
    intervals: ["month", "year"],
    blogPostLimit: UNLIMITED,
    canSchedule: true,
    maxConnectionsPerPlatform: UNLIMITED,
    features: [
      "Unlimited blog generation",
      "Custom integrations",
      "Dedicated support",
      "Analytics",
      "White-label",
      "SLA",
    ],
  },
];

const catalogueByName = new Map(planCatalogue.map((plan) => [plan.name, plan]));

export function isPlanName(value: string): value is PlanName {
  return catalogueByName.has(value as PlanName);
}

export function catalogPlan(name: PlanName): CatalogPlan {
  const plan = catalogueByName.get(name);
  if (!plan) throw new Error(`Unknown plan ${name}`);
  return plan;
}

/** A stored plan name, or free for anything unknown (a renamed or removed plan grants nothing). */
export function planOrFree(name: string | null | undefined): PlanName {
  return name && isPlanName(name) ? name : "free";
}

/** Price in cents for one billing period of the interval. */
export function planPrice(plan: CatalogPlan, interval: BillingInterval): number {
  return interval === "year" ? Math.round(plan.monthlyPrice * 12 * (1 - YEARLY_DISCOUNT)) : plan.monthlyPrice;
}

/** Stripe price ids per paid plan and interval, e.g. { "starter:month": "price_123" } (see seedPlans). */
export type PlanPriceIds = Partial<Record<`${"starter" | "professional"}:${BillingInterval}`, string>>;

export interface SeedPlansOptions {
  /** Price ids from configuration. A plan without one keeps the id already stored; with none at all, checkout
   * describes the price inline (price_data), which needs no set-up in Stripe. */
  priceIds?: PlanPriceIds;
}

/** Writes the catalogue into subscription_plans: one row per plan and interval, upserted on (name, interval). */
export async function seedPlans({ prisma }: { prisma: Prisma }, options: SeedPlansOptions = {}): Promise<void> {
  for (const plan of planCatalogue) {
    for (const interval of plan.intervals) {
      const priceId = options.priceIds?.[`${plan.name}:${interval}` as keyof PlanPriceIds];
      const values = {
        displayName: plan.displayName,
        description: plan.description,
        price: planPrice(plan, interval),
        features: plan.features,
        blogPostLimit: plan.blogPostLimit,
        isActive: true,
      };
      await prisma.subscriptionPlan.upsert({
        where: { name_interval: { name: plan.name, interval } },
        create: { name: plan.name, interval, ...values, stripePriceId: priceId ?? null },
        update: { ...values, ...(priceId ? { stripePriceId: priceId } : {}) },
      });
    }
  }
}

type PlanRow = Awaited<ReturnType<Prisma["subscriptionPlan"]["findFirstOrThrow"]>>;

/** Whether a visitor can take the plan on this site now: free always; a self-serve plan when payments are on. */
function isCheckoutAvailable(plan: CatalogPlan, paymentsEnabled: boolean): boolean {
  if (plan.name === "free") return true;
  return plan.selfServe && !plan.contactSales && paymentsEnabled;
}

export function toPlanView(row: PlanRow, options: { paymentsEnabled: boolean }): PlanView {
  const name = planOrFree(row.name);
  return {
    id: row.id,
    name,
    displayName: row.displayName,
    description: row.description,
    price: row.price,
    interval: row.interval === "year" ? "year" : "month",
    features: Array.isArray(row.features) ? row.features.filter((f): f is string => typeof f === "string") : [],
    blogPostLimit: row.blogPostLimit,
    isActive: row.isActive,
    checkoutAvailable: isCheckoutAvailable(catalogPlan(name), options.paymentsEnabled),
  };
}

const planOrder = (name: string) => planCatalogue.findIndex((plan) => plan.name === name);

/**
 * Active plans in the product's order (free, starter, professional, enterprise), monthly before yearly.
 * The pricing page shows the rows of the chosen interval plus free; enterprise has a row for both intervals with
 * price 0 and is shown as "Contact sales" (a link to /contact), never with a checkout button. Each plan says whether
 * checkout is available, so the page can offer contact instead of a payment that would fail when billing is off.
 */
export async function listPlans(deps: {
  prisma: Prisma;
  billing: Pick<BillingProvider, "enabled">;
}): Promise<PlanView[]> {
  const { prisma, billing } = deps;
  const rows = await prisma.subscriptionPlan.findMany({ where: { isActive: true } });
  return rows
    .filter((row) => isPlanName(row.name))
    .sort(
      (a, b) =>
        planOrder(a.name) - planOrder(b.name) || (a.interval === b.interval ? 0 : a.interval === "month" ? -1 : 1),
    )
    .map((row) => toPlanView(row, { paymentsEnabled: billing.enabled }));
}
