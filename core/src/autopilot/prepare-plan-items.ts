// The autopilot's background work, run by every instance on the shared database. Each title with a slot is prepared
// (written as a draft by the core's own generation pipeline) about a day before its slot:
// - claimed with FOR UPDATE SKIP LOCKED under a lease, so instances never prepare the same title at once, and a
//   crashed instance's claim lapses and is taken over;
// - its post is tied to it in the transaction that stores the post, guarded by the lease and by "no post yet", so a
//   slot yields at most one post whatever runs or fails (a generation whose claim was lost is rolled back and not
//   counted);
// - a plan in review mode leaves the draft waiting for approval ("to_review"); one in automatic mode schedules it in
//   its slot at once, unless the offline writer wrote it (no AI model configured): such a draft always waits for
//   approval. A draft not approved when its slot comes is skipped, never published unseen.
// - Entitlements as for scheduling by hand: the plan must include scheduling, and the month's posts must last; when
//   they do not, the plan pauses with a reason the owner reads, and the title waits.
// - A provider error is retried with a growing delay (1 min, 2 min, 4 min, ... capped at an hour); after the last try
//   the title is marked failed with the reason.
import type { Database, Prisma, PrismaNamespace } from "../db/index.ts";
import type { Writer } from "../ai/index.ts";
import { getEntitlements } from "../billing/index.ts";
import { generatePost } from "../blog/generate-post.ts";
import { assertCanSchedule } from "../connections/assert-can-schedule.ts";
import { generatePostSchema, isWrittenWithoutModel } from "../contracts/blog.ts";
import { claimJobs, type LeaseQueue } from "../jobs/index.ts";
import { AppError, isAppError } from "../errors/index.ts";
import { type Logger, silentLogger } from "../logger.ts";
import { computeRetryDelay } from "../jobs/compute-retry-delay.ts";
import { schedulePost } from "../scheduling/schedule-post.ts";
import { contentPlanMessages, PLAN_WITHOUT_SCHEDULING } from "./content-plans.ts";

/** How long before its slot a title is prepared. */
export const PREPARE_AHEAD_MS = 24 * 60 * 60_000;
/** How long a claim holds before another instance may take the title over (longer than a generation's lease). */
export const PREPARATION_LEASE_MS = 20 * 60_000;
/** Preparations tried before a title is marked failed. */
export const MAX_PREPARATION_ATTEMPTS = 5;
const RETRY = { baseMs: 60_000, maxMs: 60 * 60_000 };

const POSTS_USED_UP = "This month's posts are used up, so this plan is paused.";

export const autopilotMessages = {
  planWithoutScheduling: PLAN_WITHOUT_SCHEDULING,
  postsUsedUp: (resetsAt: Date) =>
    `${POSTS_USED_UP} Upgrade for more posts, or resume it after ${resetsAt.toISOString().slice(0, 10)}.`,
  notApprovedInTime: "Not approved before its slot, so it was not published.",
  slotPassed: "This draft's slot has passed, so it was skipped. Schedule the post yourself from the dashboard.",
  providerFailed: (reason: string) =>
    `The writer could not prepare this post after ${MAX_PREPARATION_ATTEMPTS} tries (${reason}). Edit it or try again later.`,
  notSchedulable: (reason: string) => `The post was written but could not be scheduled: ${reason}`,
  delayed: (titles: number, reason: string, nextTry: string) =>
    `${titles === 1 ? "1 title" : `${titles} titles`} could not be prepared yet: ${reason.replace(/\.?$/, ".")} ` +
    `The next try is on ${nextTry}; a title is marked failed after ${MAX_PREPARATION_ATTEMPTS} tries. Nothing is counted until a post is written.`,
} as const;

/** Whether a plan was paused for a reason a better plan removes (as opposed to by its owner). */
export function isUpgradeReason(reason: string | null): boolean {
  if (!reason) return false;
  return reason === autopilotMessages.planWithoutScheduling || reason.startsWith(POSTS_USED_UP);
}

export interface AutopilotDeps {
  db: Database;
  writer: Writer;
  logger?: Logger;
}

/**
 * The titles form a lease queue (core/src/jobs): a planned title is due when never tried or when its retry time came;
 * titles are taken in the order of their slots, and only those of active plans without a post whose slot is within
 * the preparation window.
 */
export const PLAN_ITEM_QUEUE: LeaseQueue = {
  table: "content_plan_items",
  running: "preparing",
  stateColumn: "status",
  claimable: ["planned"],
  dueWhenNull: true,
  keepDue: true,
  orderColumn: "slotAt",
};

/** Claims up to `limit` titles whose slot is within a day (or whose claim lapsed) for `owner`. */
export async function claimPlanItems(
  db: Database,
  options: { owner: string; now: Date; limit: number; leaseMs?: number; aheadMs?: number },
): Promise<number[]> {
  const { now } = options;
  const horizon = new Date(now.getTime() + (options.aheadMs ?? PREPARE_AHEAD_MS));
  return claimJobs(db, PLAN_ITEM_QUEUE, {
    owner: options.owner,
    now,
    limit: options.limit,
    leaseMs: options.leaseMs ?? PREPARATION_LEASE_MS,
    where: (param) =>
      `"postId" IS NULL AND "slotAt" > ${param(now)} AND "slotAt" <= ${param(horizon)}
       AND EXISTS (SELECT 1 FROM "content_plans" p WHERE p.id = "content_plan_items"."planId" AND p."status" = 'active')`,
  });
}

export type PreparationOutcome = "prepared" | "scheduled" | "paused" | "retry" | "failed" | "lost";

/** Ends this instance's claim on a title with `data`: nothing happens if another instance has taken it over. */
function releaseClaim(
  prisma: Prisma,
  itemId: number,
  owner: string,
  data: PrismaNamespace.ContentPlanItemUpdateManyMutationInput,
) {
  return prisma.contentPlanItem.updateMany({
    where: { id: itemId, leaseOwner: owner, status: "preparing" },
    data: { ...data, leaseOwner: null, leaseUntil: null },
  });
}

/** Pauses the plan with the reason the owner reads, and gives the title back untouched (its try not counted). */
async function pauseFor(prisma: Prisma, planId: number, itemId: number, owner: string, reason: string) {
  await prisma.$transaction([
    prisma.contentPlan.update({ where: { id: planId }, data: { status: "paused", pausedReason: reason } }),
    releaseClaim(prisma, itemId, owner, { status: "planned", attempts: { decrement: 1 } }),
  ]);
}

/** Prepares one claimed title: writes its post and ties it to the title, then (automatic plans) schedules it. */
export async function prepareClaimedItem(
  deps: AutopilotDeps,
  itemId: number,
  owner: string,
  now = new Date(),
): Promise<PreparationOutcome> {
  const { prisma } = deps.db;
  const logger = deps.logger ?? silentLogger;
  const item = await prisma.contentPlanItem.findFirst({
    where: { id: itemId, leaseOwner: owner, status: "preparing" },
    include: { plan: true },
  });
  if (!item) return "lost";
  const { plan } = item;

  const entitlements = await getEntitlements({ prisma }, plan.userId, now);
  if (!entitlements.canSchedule) {
    await pauseFor(prisma, plan.id, item.id, owner, autopilotMessages.planWithoutScheduling);
    return "paused";
  }
  if (!entitlements.canGenerate) {
    await pauseFor(prisma, plan.id, item.id, owner, autopilotMessages.postsUsedUp(entitlements.usageResetsAt));
    return "paused";
  }

  let nextStatus: "approved" | "to_review" = plan.mode === "auto" ? "approved" : "to_review";
  let postId: number;
  try {
    const input = generatePostSchema.parse({
      title: item.title,
      keywords: item.keywords,
      seoInstructions: item.notes ?? "",
    });
    const { blogPost } = await generatePost(
      { prisma, writer: deps.writer, logger, now: () => now },
      {
        userId: plan.userId,
        input,
        wordpressConnectionId: plan.platform === "wordpress" ? plan.connectionId : null,
        onStored: async (tx, storedId) => {
          // A draft written without an AI model is never published by itself: it waits for the owner's approval.
          const stored = await tx.blogPost.findFirst({
            where: { id: storedId, userId: plan.userId },
            select: { generator: true },
          });
          if (stored && isWrittenWithoutModel(stored)) nextStatus = "to_review";
          // Tied to the slot only while this instance still holds it and no post was tied before.
          const { count } = await tx.contentPlanItem.updateMany({
            where: { id: item.id, leaseOwner: owner, status: "preparing", postId: null },
            data: { postId: storedId, status: nextStatus, leaseOwner: null, leaseUntil: null, lastError: null },
          });
          if (count === 0) throw new LostClaim();
        },
      },
    );
    postId = blogPost.id;
  } catch (error) {
    if (error instanceof LostClaim) return "lost";
    if (isAppError(error) && error.code === "FORBIDDEN") {
      // The month's posts ran out between the check and the reservation.
      await pauseFor(prisma, plan.id, item.id, owner, autopilotMessages.postsUsedUp(entitlements.usageResetsAt));
      return "paused";
    }
    const reason = isAppError(error) ? error.message : "the model did not answer";
    const busy = isAppError(error) && error.code === "RATE_LIMITED";
    if (!busy && item.attempts >= MAX_PREPARATION_ATTEMPTS) {
      await releaseClaim(prisma, item.id, owner, {
        status: "failed",
        lastError: autopilotMessages.providerFailed(reason),
      });
      logger.warn({ err: error, itemId: item.id, planId: plan.id }, "autopilot: a title failed after its last try");
      return "failed";
    }
    // The owner's own generations fill their concurrency: try again in a minute, the try not counted.
    const delay = busy ? 60_000 : computeRetryDelay(item.attempts, undefined, RETRY);
    await releaseClaim(prisma, item.id, owner, {
      status: "planned",
      nextAttemptAt: new Date(now.getTime() + delay),
      lastError: busy ? null : reason,
      ...(busy ? { attempts: { decrement: 1 } } : {}),
    });
    logger.warn(
      { err: error, itemId: item.id, planId: plan.id, delayMs: delay },
      "autopilot: preparation will be retried",
    );
    return "retry";
  }

  if (nextStatus !== "approved") return "prepared";
  try {
    await scheduleForSlot(deps, plan, postId, item.slotAt!, now);
    return "scheduled";
  } catch (error) {
    const reason = isAppError(error) ? error.message : "an unexpected error";
    await prisma.contentPlanItem.update({
      where: { id: item.id },
      data: { status: "failed", lastError: autopilotMessages.notSchedulable(reason) },
    });
    return "failed";
  }
}

class LostClaim extends Error {
  constructor() {
    super("the claim on this title was taken over");
  }
}

/** Schedules the plan's post in its slot, to the plan's own connection (and Shopify blog) when it names one. */
function scheduleForSlot(
  deps: Pick<AutopilotDeps, "db">,
  plan: { userId: number; platform: string; connectionId: number | null; blogId: string | null },
  postId: number,
  slotAt: Date,
  now: Date,
) {
  return schedulePost(
    {
      db: deps.db,
      assertCanSchedule: (owner, platforms) => assertCanSchedule({ prisma: deps.db.prisma }, owner, platforms),
    },
    {
      userId: plan.userId,
      postId,
      scheduledDate: slotAt,
      platforms: [plan.platform],
      now,
      target: { connectionId: plan.connectionId, blogId: plan.blogId },
    },
  );
}

/** Drafts still waiting for approval when their slot comes are skipped (never published unseen). */
export async function skipUnapprovedDrafts({ prisma }: { prisma: Prisma }, now = new Date()): Promise<number> {
  const { count } = await prisma.contentPlanItem.updateMany({
    where: { status: "to_review", slotAt: { lte: now } },
    data: { status: "skipped", lastError: autopilotMessages.notApprovedInTime },
  });
  return count;
}

/** Titles whose slot passed before they could be prepared (the plan was paused, or every try failed in time). */
export async function skipMissedSlots({ prisma }: { prisma: Prisma }, now = new Date()): Promise<number> {
  const { count } = await prisma.contentPlanItem.updateMany({
    where: { status: "planned", postId: null, slotAt: { lte: now } },
    data: { slotAt: null, nextAttemptAt: null },
  });
  return count;
}

/**
 * The owner approves a prepared draft: it is scheduled in its slot. A slot that has passed cannot be approved (the
 * draft was skipped); the post stays a draft the owner can schedule by hand.
 */
export async function approvePlanItem(
  deps: Pick<AutopilotDeps, "db">,
  userId: number,
  itemId: number,
  now = new Date(),
) {
  const { prisma } = deps.db;
  const item = await ownItem(prisma, userId, itemId);
  if (item.status !== "to_review" || item.postId === null) {
    throw new AppError("CONFLICT", "Only a prepared draft waiting for review can be approved.");
  }
  if (!item.slotAt || item.slotAt <= now) {
    await prisma.contentPlanItem.updateMany({
      where: { id: item.id, status: "to_review" },
      data: { status: "skipped", lastError: autopilotMessages.notApprovedInTime },
    });
    throw new AppError("CONFLICT", autopilotMessages.slotPassed);
  }
  await scheduleForSlot(deps, item.plan, item.postId, item.slotAt, now);
  return prisma.contentPlanItem.update({
    where: { id: item.id },
    data: { status: "approved", lastError: null },
  });
}

export async function ownItem(prisma: Prisma, userId: number, itemId: number) {
  const item = await prisma.contentPlanItem.findFirst({
    where: { id: itemId, plan: { userId } },
    include: { plan: true },
  });
  if (!item) throw new AppError("NOT_FOUND", contentPlanMessages.itemNotFound);
  return item;
}
