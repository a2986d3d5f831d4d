// How many refreshes an account may have proposed: refreshes do not use up the plan's posts (the post exists
// already), but each proposal reads the site and, with a model, is a model call, so it is counted an hour in the
// shared database: proposals written by the model by plan (like generations, whose cost they share), and every
// proposal at most 60 an hour whatever the plan (each one reads the owner's site).
import type { PlanName } from "../contracts/billing.ts";
import type { Prisma } from "../db/index.ts";
import { AppError } from "../errors/index.ts";
import { getEntitlements } from "../billing/entitlements.ts";
import { hitRateLimit } from "../limits/hit-rate-limit.ts";
import { takeBackRateLimitHit } from "../limits/take-back-rate-limit-hit.ts";

export const REFRESH_PROPOSALS_AN_HOUR = 60;

/** Proposals written with the model an account may ask for in an hour. */
export const MODEL_REFRESHES_AN_HOUR: Record<PlanName, number> = {
  free: 5,
  starter: 20,
  professional: 50,
  enterprise: 100,
};

const HOUR_MS = 60 * 60_000;
const modelKey = (userId: number) => `refresh-model:${userId}`;

export async function countRefreshProposal(
  deps: { prisma: Prisma },
  input: { userId: number; byModel: boolean; now?: Date },
): Promise<void> {
  const now = input.now ?? new Date();
  const refuse = (limit: number, resetAt: Date, what: string) => {
    const retryAfterSeconds = Math.max(1, Math.ceil((resetAt.getTime() - now.getTime()) / 1000));
    throw new AppError(
      "RATE_LIMITED",
      `You have asked for ${limit} ${what} this hour. Try again in ${Math.ceil(retryAfterSeconds / 60)} minutes.`,
      { details: { retryAfterSeconds } },
    );
  };
  const all = await hitRateLimit(deps, { key: `refresh-proposals:${input.userId}`, windowMs: HOUR_MS });
  if (all.hits > REFRESH_PROPOSALS_AN_HOUR) refuse(REFRESH_PROPOSALS_AN_HOUR, all.resetAt, "refreshes");
  if (!input.byModel) return;
  const { plan } = await getEntitlements(deps, input.userId, now);
  const limit = MODEL_REFRESHES_AN_HOUR[plan];
  const model = await hitRateLimit(deps, { key: modelKey(input.userId), windowMs: HOUR_MS });
  if (model.hits > limit) refuse(limit, model.resetAt, "refreshes written by the AI model");
}

/**
 * Gives back a model-written proposal counted by countRefreshProposal that the model did not write after all (it
 * failed and the offline writer wrote the sections, or the post could not be read): it does not use up the hour's
 * allowance of model-written proposals. The proposal still counts among every proposal of the hour.
 */
export async function takeBackModelRefresh(deps: { prisma: Prisma }, input: { userId: number }): Promise<void> {
  await takeBackRateLimitHit(deps, modelKey(input.userId));
}
