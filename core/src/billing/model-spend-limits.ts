// How much model work one account may have running at once, by plan (the monthly posts are in plans.ts).
import type { PlanName } from "../contracts/billing.ts";

/** Generations one account may have running at the same time. */
export const CONCURRENT_GENERATIONS: Record<PlanName, number> = {
  free: 1,
  starter: 2,
  professional: 3,
  enterprise: 5,
};

export const tooManyRunningMessage = (running: number) =>
  `You already have ${running === 1 ? "a post" : `${running} posts`} being written. Please wait for ${running === 1 ? "it" : "one"} to finish.`;

/** Title suggestions (each may be a model call) one account may ask for in a calendar month; -1 unlimited. */
export const TITLE_SUGGESTIONS_A_MONTH: Record<PlanName, number> = {
  free: 100,
  starter: 1_000,
  professional: 3_000,
  enterprise: -1,
};
