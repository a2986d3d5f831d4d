// What a user may do right now. Every surface (the site, the Shopify app, the WordPress plugin, the scheduler) asks
// this one module, so a plan means the same everywhere.
//
// Status rules:
// - active: the plan's entitlements (no end date needed: the payment provider tells us when it ends).
// - cancelled: the plan's entitlements until subscriptionEndDate, then free. No end date means already ended.
// - past_due: the plan's entitlements for a grace period of PAST_DUE_GRACE_DAYS after subscriptionEndDate (the end
//   of the last paid period), then free, unless a payment succeeds meanwhile. No end date means no grace.
// - free, or an unknown plan: free.
import type { PlanName, SubscriptionStatus } from "../contracts/billing.ts";
import { subscriptionStatuses } from "../contracts/billing.ts";
import type { Prisma } from "../db/client.ts";
import { notFound } from "../errors/index.ts";
import { catalogPlan, planOrFree, UNLIMITED } from "./plans.ts";
import { usagePeriod } from "./usage-period.ts";

export const PAST_DUE_GRACE_DAYS = 7;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface SubscriptionFields {
  subscriptionPlan: string;
  subscriptionStatus: string;
  subscriptionEndDate: Date | null;
}

export interface PlanAccess {
  /** The plan whose entitlements apply now (free once a cancelled or unpaid plan has run out). */
  plan: PlanName;
  /** The plan on record, which may differ from `plan` after a cancellation ran out. */
  subscribedPlan: PlanName;
  status: SubscriptionStatus;
  /** When paid entitlements stop for a cancelled or past-due subscription; null when they do not end (or ended). */
  paidAccessEndsAt: Date | null;
}

export function statusOrFree(status: string): SubscriptionStatus {
  return (subscriptionStatuses as readonly string[]).includes(status) ? (status as SubscriptionStatus) : "free";
}

export function resolvePlanAccess(user: SubscriptionFields, now: Date): PlanAccess {
  const subscribedPlan = planOrFree(user.subscriptionPlan);
  const status = statusOrFree(user.subscriptionStatus);
  const free: PlanAccess = { plan: "free", subscribedPlan, status, paidAccessEndsAt: null };
  if (subscribedPlan === "free" || status === "free") return free;
  if (status === "active") return { plan: subscribedPlan, subscribedPlan, status, paidAccessEndsAt: null };
  const end = user.subscriptionEndDate;
  if (!end) return free;
  const endsAt = status === "past_due" ? new Date(end.getTime() + PAST_DUE_GRACE_DAYS * DAY_MS) : end;
  return now < endsAt ? { plan: subscribedPlan, subscribedPlan, status, paidAccessEndsAt: endsAt } : free;
}

export interface Entitlements extends PlanAccess {
  subscriptionEndDate: Date | null;
  /** Posts per month; -1 unlimited. */
  blogPostLimit: number;
  postsUsedThisMonth: number;
  postsPublishedThisMonth: number;
  /** Posts left this month; Infinity when unlimited. */
  postsRemaining: number;
  /** postsRemaining for JSON: -1 when unlimited (the product's convention for limits), else the count (>= 0). */
  usageRemaining: number;
  canGenerate: boolean;
  canSchedule: boolean;
  /** Saved connections allowed per platform; Infinity when unlimited. */
  maxConnectionsPerPlatform: number;
  /** The plan's marketing lines (shown on the billing page). */
  features: string[];
  /** When this month's counters reset (first instant of next month, UTC). */
  usageResetsAt: Date;
}

export function computeEntitlements(
  user: SubscriptionFields,
  usage: { blogPostsGenerated: number; blogPostsPublished: number } | null,
  now: Date,
): Entitlements {
  const access = resolvePlanAccess(user, now);
  const plan = catalogPlan(access.plan);
  const used = usage?.blogPostsGenerated ?? 0;
  const unlimited = plan.blogPostLimit === UNLIMITED;
  const postsRemaining = unlimited ? Infinity : Math.max(0, plan.blogPostLimit - used);
  return {
    ...access,
    subscriptionEndDate: user.subscriptionEndDate,
    blogPostLimit: plan.blogPostLimit,
    postsUsedThisMonth: used,
    postsPublishedThisMonth: usage?.blogPostsPublished ?? 0,
    postsRemaining,
    usageRemaining: unlimited ? UNLIMITED : postsRemaining,
    canGenerate: postsRemaining > 0,
    canSchedule: plan.canSchedule,
    maxConnectionsPerPlatform: plan.maxConnectionsPerPlatform === UNLIMITED ? Infinity : plan.maxConnectionsPerPlatform,
    features: [...plan.features],
    usageResetsAt: usagePeriod(now).resetAt,
  };
}

export async function getEntitlements({ prisma }: { prisma: Prisma }, userId: number, now = new Date()): Promise<Entitlements> {
  const { monthYear } = usagePeriod(now);
  const [user, usage] = await Promise.all([
    prisma.user.findUnique({
      where: { id: userId },
      select: { subscriptionPlan: true, subscriptionStatus: true, subscriptionEndDate: true },
    }),
    prisma.userUsage.findUnique({ where: { userId_monthYear: { userId, monthYear } } }),
  ]);
  if (!user) throw notFound("Your account could not be found. Please sign in again.");
  return computeEntitlements(user, usage, now);
}
