// What the billing page says about this month's usage. A limit of -1 means unlimited; the bar never draws past
// 100% (a plan lowered mid-month can leave more posts used than the new limit allows).
import type { SubscriptionDetails } from "@postwright/core/contracts";

/** The billing page warns when this many posts or fewer are left (and more than none). */
export const LOW_USAGE_THRESHOLD = 3;

export type UsageWarning = "none" | "running-low" | "upgrade-required";

export interface UsageSummary {
  used: number;
  unlimited: boolean;
  /** Posts per month; null when unlimited. */
  limit: number | null;
  /** Posts left this month; null when unlimited. */
  remaining: number | null;
  /** Share of the allowance used, 0 to 100. */
  percent: number;
  warning: UsageWarning;
}

export function usageSummary(details: Pick<SubscriptionDetails, "tierInfo" | "usage">): UsageSummary {
  const used = Math.max(0, details.usage.blogPostsGenerated);
  const { blogPostLimit, usageRemaining } = details.tierInfo;
  if (blogPostLimit < 0 || usageRemaining < 0) {
    return { used, unlimited: true, limit: null, remaining: null, percent: 0, warning: "none" };
  }
  const remaining = Math.max(0, usageRemaining);
  const percent = blogPostLimit === 0 ? 100 : Math.min(100, Math.round((used / blogPostLimit) * 100));
  const warning: UsageWarning =
    remaining === 0 ? "upgrade-required" : remaining <= LOW_USAGE_THRESHOLD ? "running-low" : "none";
  return { used, unlimited: false, limit: blogPostLimit, remaining, percent, warning };
}

export function postCount(count: number): string {
  return `${count} blog ${count === 1 ? "post" : "posts"}`;
}
