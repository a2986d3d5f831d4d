// How much of the autopilot one account keeps, by plan: its content plans, and the titles one content plan holds
// (which also bounds what one plan's view sends). Numbers in the README's Limits table.
import type { PlanName } from "../contracts/billing.ts";

/** Content plans one account may keep. */
export const CONTENT_PLANS_PER_ACCOUNT: Record<PlanName, number> = {
  free: 3,
  starter: 10,
  professional: 50,
  enterprise: 200,
};

/** Titles one content plan may hold, whatever their state (written, skipped and published ones count). */
export const TITLES_PER_CONTENT_PLAN: Record<PlanName, number> = {
  free: 100,
  starter: 500,
  professional: 1_000,
  enterprise: 2_000,
};
