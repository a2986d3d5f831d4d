import type { Prisma } from "../db/client.ts";
import { AppError } from "../errors/index.ts";
import { hitRateLimit } from "../limits/hit-rate-limit.ts";
import { catalogPlan } from "./plans.ts";
import { getEntitlements } from "./entitlements.ts";
import { TITLE_SUGGESTIONS_A_MONTH } from "./model-spend-limits.ts";
import { usagePeriod } from "./usage-period.ts";

/**
 * Counts one title suggestion against the account's monthly allowance (by plan), in the shared database; throws 429
 * once the month's suggestions are used up.
 */
export async function countTitleSuggestion(deps: { prisma: Prisma }, userId: number, now = new Date()): Promise<void> {
  const { plan } = await getEntitlements(deps, userId, now);
  const limit = TITLE_SUGGESTIONS_A_MONTH[plan];
  if (limit < 0) return;
  const { monthYear, resetAt } = usagePeriod(now);
  const windowMs = Math.max(1_000, resetAt.getTime() - now.getTime());
  const { hits } = await hitRateLimit(deps, { key: `title-suggestions:${userId}:${monthYear}`, windowMs });
  if (hits > limit) {
    throw new AppError(
      "RATE_LIMITED",
      `You have used this month's ${limit} title suggestions of the ${catalogPlan(plan).displayName} plan. They start again on ${resetAt.toISOString().slice(0, 10)}.`,
    );
  }
}
