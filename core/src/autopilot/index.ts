// The autopilot: content plans that write and publish on a cadence (see README, "Autopilot").
export { cadenceSchema, formatSlot, nextSlots } from "./cadence.ts";
export type { Cadence } from "./cadence.ts";
// The request bodies live with the API's contracts; the autopilot parses with them.
export {
  createContentPlanSchema,
  movePlanItemSchema,
  planItemSchema,
  updateContentPlanSchema,
} from "../contracts/autopilot-requests.ts";
export {
  addPlanItems,
  assignPlanSlots,
  contentPlanMessages,
  createContentPlan,
  getContentPlan,
  importPlanCsv,
  parsePlanId,
  planItemId,
} from "./content-plans.ts";
export {
  contentPlanView,
  deleteContentPlan,
  listContentPlans,
  movePlanItem,
  planItemView,
  removePlanItem,
  skipPlanItem,
  updateContentPlan,
  updatePlanItem,
} from "./manage-plans.ts";
export {
  approvePlanItem,
  autopilotMessages,
  claimPlanItems,
  MAX_PREPARATION_ATTEMPTS,
  PREPARATION_LEASE_MS,
  PREPARE_AHEAD_MS,
  prepareClaimedItem,
  skipMissedSlots,
  skipUnapprovedDrafts,
} from "./prepare-plan-items.ts";
export type { AutopilotDeps, PreparationOutcome } from "./prepare-plan-items.ts";
export {
  planActions,
  type CreatePlanInput,
  type MovePlanItemInput,
  type PlanActions,
  type PlanIdeasInput,
  type PlanItemInput,
  type PlanPaging,
  type PlanScope,
  type UpdatePlanInput,
} from "./plan-actions.ts";
export {
  planRefreshCandidates,
  planRefreshes,
  queuePlanRefreshes,
  RECENTLY_REFRESHED_MS,
  REFRESH_PERIOD_MS,
  type QueueRefreshDeps,
} from "./queue-plan-refreshes.ts";
export { createAutopilot } from "./run-autopilot.ts";
export type { Autopilot, AutopilotOptions, AutopilotRound } from "./run-autopilot.ts";
export { DIGEST_INTERVAL_MS, sendAutopilotDigests } from "./send-digests.ts";
export type { DigestDeps } from "./send-digests.ts";
export {
  OVERLAP_EXCLUDED,
  OVERLAP_SHOWN,
  planIdeasSchema,
  suggestPlanIdeas,
  topicOverlap,
  topicWords,
} from "./suggest-plan-ideas.ts";
