import type { SubscriptionDetails } from "../contracts/billing.ts";
import type { Prisma } from "../db/client.ts";
import { getEntitlements } from "./entitlements.ts";

/**
 * The billing page's data. subscriptionPlan/subscriptionStatus are what is on record; tierInfo describes what applies
 * now (a cancelled plan past its end date shows subscriptionPlan "starter" but tierInfo.plan "free").
 * tierInfo.usageRemaining is -1 when the plan is unlimited.
 */
export async function getSubscriptionDetails(
  deps: { prisma: Prisma; billing?: { readonly enabled: boolean } | null },
  userId: number,
  now = new Date(),
): Promise<SubscriptionDetails> {
  const e = await getEntitlements(deps, userId, now);
  return {
    subscriptionPlan: e.subscribedPlan,
    subscriptionStatus: e.status,
    subscriptionEndDate: e.subscriptionEndDate?.toISOString() ?? null,
    tierInfo: {
      plan: e.plan,
      blogPostLimit: e.blogPostLimit,
      usageRemaining: e.usageRemaining,
      features: e.features,
      canSchedule: e.canSchedule,
    },
    usage: { blogPostsGenerated: e.postsUsedThisMonth, blogPostsPublished: e.postsPublishedThisMonth },
    billingEnabled: deps.billing?.enabled ?? false,
  };
}
