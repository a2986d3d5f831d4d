// What the owner does with plans and titles once they exist: list and read them as the API returns them, change a
// plan (pause, resume, cadence, mode, posts ahead), delete it, edit or remove a waiting title, skip one. Every query
// is scoped to the owner.
import { planRefreshes } from "./queue-plan-refreshes.ts";
import type { z } from "zod";
import type {
  ContentPlanDetailView,
  ContentPlanItemView,
  ContentPlanView,
  PlanItemStatus,
} from "../contracts/autopilot.ts";
import { planItemActionsFor, planItemStatuses } from "../contracts/autopilot.ts";
import type { Database, Prisma } from "../db/index.ts";
import { AppError, notFound, parseInput } from "../errors/index.ts";
import { getEntitlements } from "../billing/entitlements.ts";
import { cancelSchedule } from "../scheduling/cancel-schedule.ts";
import {
  movePlanItemSchema,
  planItemSchema,
  planItemsPageSchema,
  updateContentPlanSchema,
} from "../contracts/autopilot-requests.ts";
import { formatSlot } from "./cadence.ts";
import { contentPlanMessages } from "./content-plans.ts";
import { autopilotMessages, isUpgradeReason, ownItem } from "./prepare-plan-items.ts";

type PlanRow = Awaited<ReturnType<Prisma["contentPlan"]["findFirstOrThrow"]>>;
type ItemRow = Awaited<ReturnType<Prisma["contentPlanItem"]["findFirstOrThrow"]>>;
type PostSummary = { id: number; title: string; seoScore: number; status: string };

function itemView(item: ItemRow, post: PostSummary | undefined): ContentPlanItemView {
  // An approved title is shown published once its post is.
  const status = (
    item.status === "approved" && post?.status === "published" ? "published" : item.status
  ) as PlanItemStatus;
  return {
    id: item.id,
    title: item.title,
    keywords: item.keywords,
    notes: item.notes,
    position: item.position,
    preferredDate: item.preferredDate?.toISOString() ?? null,
    slotAt: item.slotAt?.toISOString() ?? null,
    status,
    post: post ?? null,
    lastError: item.lastError,
    actions: planItemActionsFor({ status, hasPost: item.postId !== null }),
  };
}

async function postsOf(prisma: Prisma, userId: number, items: ItemRow[]): Promise<Map<number, PostSummary>> {
  const ids = items.flatMap((item) => (item.postId === null ? [] : [item.postId]));
  if (ids.length === 0) return new Map();
  const posts = await prisma.blogPost.findMany({
    where: { id: { in: ids }, userId },
    select: { id: true, title: true, seoScore: true, status: true },
  });
  return new Map(posts.map((post) => [post.id, post]));
}

/** The plan's one notice while titles wait for another try after the writer failed (see prepare-plan-items.ts). */
function delayNotice(plan: PlanRow, waiting: DelayedRow[]): string | null {
  if (waiting.length === 0) return null;
  const latest = waiting.reduce((a, b) => (b.updatedAt > a.updatedAt ? b : a));
  const nextTry = new Date(Math.min(...waiting.map((row) => row.nextAttemptAt!.getTime())));
  return autopilotMessages.delayed(
    waiting.length,
    latest.lastError!,
    `${formatSlot(nextTry, plan.timeZone)} (${plan.timeZone})`,
  );
}

/**
 * Whether the plan waits for a better plan: paused for a reason an upgrade removes, and (for a plan without
 * scheduling) the account still cannot schedule, so that after an upgrade the owner is offered Resume again.
 */
function needsUpgrade(plan: PlanRow, canSchedule: boolean): boolean {
  if (plan.status !== "paused" || !isUpgradeReason(plan.pausedReason)) return false;
  return plan.pausedReason !== autopilotMessages.planWithoutScheduling || !canSchedule;
}

type DelayedRow = Pick<ItemRow, "planId" | "lastError" | "nextAttemptAt" | "updatedAt">;

/** What a plan's summary needs of its titles, read by the database rather than by loading every title. */
interface PlanFigures {
  counts: Record<PlanItemStatus, number>;
  total: number;
  nextSlotAt: Date | null;
  delayed: DelayedRow[];
}

/**
 * The figures of the owner's plans `planIds` (the caller has checked they are the owner's): titles per status as the views show
 * them (an approved title whose post is published counts as published), the next slot taken by a title that is not
 * skipped or failed, and the titles waiting for another try.
 */
async function planFigures(
  prisma: Prisma,
  userId: number,
  planIds: number[],
  now: Date,
): Promise<Map<number, PlanFigures>> {
  const figures = new Map<number, PlanFigures>(
    planIds.map((id) => [
      id,
      {
        counts: Object.fromEntries(planItemStatuses.map((status) => [status, 0])) as Record<PlanItemStatus, number>,
        total: 0,
        nextSlotAt: null,
        delayed: [],
      },
    ]),
  );
  if (planIds.length === 0) return figures;
  const [counted, next, delayed] = await Promise.all([
    prisma.$queryRaw<Array<{ planId: number; status: string; n: number }>>`
      SELECT i."planId" AS "planId",
             CASE WHEN i.status = 'approved' AND p.status = 'published' THEN 'published' ELSE i.status END AS status,
             count(*)::int AS n
        FROM content_plan_items i
        LEFT JOIN custom_blog_posts p ON p.id = i."postId" AND p."userId" = ${userId}
       WHERE i."planId" = ANY(${planIds}::int[])
       GROUP BY 1, 2`,
    prisma.contentPlanItem.groupBy({
      by: ["planId"],
      where: { planId: { in: planIds }, slotAt: { gt: now }, status: { notIn: ["skipped", "failed"] } },
      _min: { slotAt: true },
    }),
    prisma.contentPlanItem.findMany({
      where: { planId: { in: planIds }, status: "planned", lastError: { not: null }, nextAttemptAt: { gt: now } },
      select: { planId: true, lastError: true, nextAttemptAt: true, updatedAt: true },
    }),
  ]);
  for (const row of counted) {
    const plan = figures.get(row.planId)!;
    if ((planItemStatuses as readonly string[]).includes(row.status))
      plan.counts[row.status as PlanItemStatus] += row.n;
    plan.total += row.n;
  }
  for (const row of next) figures.get(row.planId)!.nextSlotAt = row._min.slotAt;
  for (const row of delayed) figures.get(row.planId)!.delayed.push(row);
  return figures;
}

function planView(plan: PlanRow, figures: PlanFigures, canSchedule: boolean): ContentPlanView {
  return {
    id: plan.id,
    name: plan.name,
    platform: plan.platform as ContentPlanView["platform"],
    connectionId: plan.connectionId,
    blogId: plan.blogId,
    cadence: { weekdays: plan.weekdays, time: plan.publishTime, timeZone: plan.timeZone },
    postsAhead: plan.postsAhead,
    mode: plan.mode as ContentPlanView["mode"],
    queueRefreshes: plan.queueRefreshes,
    status: plan.status as ContentPlanView["status"],
    pausedReason: plan.pausedReason,
    needsUpgrade: needsUpgrade(plan, canSchedule),
    canResume: plan.status === "paused" && canSchedule,
    nextSlotAt: figures.nextSlotAt?.toISOString() ?? null,
    delayNotice: delayNotice(plan, figures.delayed),
    counts: figures.counts,
    createdAt: plan.createdAt.toISOString(),
  };
}

/** The plan's order: titles with a slot first (by slot), then the waiting ones by place; the id settles ties. */
const itemOrder = [
  { slotAt: { sort: "asc" as const, nulls: "last" as const } },
  { position: "asc" as const },
  { id: "asc" as const },
];

/** The owner's plans with their figures; no title is loaded. */
export async function listContentPlans(
  { prisma }: { prisma: Prisma },
  userId: number,
  now = new Date(),
): Promise<ContentPlanView[]> {
  const plans = await prisma.contentPlan.findMany({ where: { userId }, orderBy: { id: "asc" } });
  const figures = await planFigures(
    prisma,
    userId,
    plans.map((plan) => plan.id),
    now,
  );
  const { canSchedule } = await getEntitlements({ prisma }, userId, now);
  return plans.map((plan) => planView(plan, figures.get(plan.id)!, canSchedule));
}

/**
 * One of the owner's plans with one page of its titles, in the plan's order (`paging`: { page, pageSize }, strings
 * from an address allowed; the first 50 by default, at most 200 a page; 400 with a message for anything else). The
 * plan's figures (counts per status, next slot, delay notice) are of all its titles, whatever the page.
 */
export async function contentPlanView(
  { prisma }: { prisma: Prisma },
  userId: number,
  planId: number,
  now = new Date(),
  paging: unknown = {},
): Promise<ContentPlanDetailView> {
  const { page, pageSize } = parseInput(planItemsPageSchema, paging ?? {});
  const plan = await prisma.contentPlan.findFirst({ where: { id: planId, userId } });
  if (!plan) throw notFound(contentPlanMessages.notFound);
  const rows = await prisma.contentPlanItem.findMany({
    where: { planId: plan.id },
    orderBy: itemOrder,
    skip: (page - 1) * pageSize,
    take: pageSize,
  });
  const [posts, figures, { canSchedule }, refreshes] = await Promise.all([
    postsOf(prisma, userId, rows),
    planFigures(prisma, userId, [plan.id], now),
    getEntitlements({ prisma }, userId, now),
    planRefreshes(prisma, userId, plan.id),
  ]);
  const planFigure = figures.get(plan.id)!;
  const items = rows.map((item) => itemView(item, item.postId === null ? undefined : posts.get(item.postId)));
  return {
    ...planView(plan, planFigure, canSchedule),
    items,
    itemsPage: { page, pageSize, total: planFigure.total },
    refreshes,
  };
}

/**
 * Changes a plan. Resuming clears the reason it was paused for (it is checked again when the next title is
 * prepared). A changed cadence frees the slots of titles not prepared yet, so they take the new cadence's slots.
 */
export async function updateContentPlan(
  { prisma }: { prisma: Prisma },
  userId: number,
  planId: number,
  input: z.input<typeof updateContentPlanSchema>,
) {
  const data = parseInput(updateContentPlanSchema, input);
  const plan = await prisma.contentPlan.findFirst({ where: { id: planId, userId } });
  if (!plan) throw notFound(contentPlanMessages.notFound);
  if (data.status === "active" && plan.status !== "active") {
    // Resuming cannot work while the account's plan has no scheduling: say so, with the way to upgrade.
    const { canSchedule } = await getEntitlements({ prisma }, userId);
    if (!canSchedule) {
      throw new AppError("FORBIDDEN", autopilotMessages.planWithoutScheduling, { details: { needsUpgrade: true } });
    }
  }
  await prisma.$transaction(async (tx) => {
    await tx.contentPlan.update({
      where: { id: plan.id },
      data: {
        ...(data.name !== undefined ? { name: data.name } : {}),
        ...(data.postsAhead !== undefined ? { postsAhead: data.postsAhead } : {}),
        ...(data.mode !== undefined ? { mode: data.mode } : {}),
        ...(data.queueRefreshes !== undefined ? { queueRefreshes: data.queueRefreshes } : {}),
        ...(data.status !== undefined ? { status: data.status, pausedReason: null } : {}),
        ...(data.cadence
          ? { weekdays: data.cadence.weekdays, publishTime: data.cadence.time, timeZone: data.cadence.timeZone }
          : {}),
      },
    });
    if (data.cadence) {
      await tx.contentPlanItem.updateMany({
        where: { planId: plan.id, status: "planned", postId: null },
        data: { slotAt: null },
      });
    }
  });
}

export async function deleteContentPlan({ db }: { db: Database }, userId: number, planId: number): Promise<void> {
  const plan = await db.prisma.contentPlan.findFirst({ where: { id: planId, userId }, include: { items: true } });
  if (!plan) throw notFound(contentPlanMessages.notFound);
  // Approved drafts are not published once their plan is gone; the posts themselves stay in the owner's list.
  for (const item of plan.items) {
    if (item.status === "approved" && item.postId !== null) {
      await cancelSchedule({ db }, { userId, postId: item.postId }).catch(() => undefined);
    }
  }
  await db.prisma.contentPlan.delete({ where: { id: plan.id } });
}

const notWaiting = "Only a title that is not prepared yet can be changed or removed.";

export async function updatePlanItem(
  { prisma }: { prisma: Prisma },
  userId: number,
  itemId: number,
  input: Partial<z.input<typeof planItemSchema>>,
) {
  const data = parseInput(planItemSchema.partial().strict(), input);
  const item = await ownItem(prisma, userId, itemId);
  const { count } = await prisma.contentPlanItem.updateMany({
    where: { id: item.id, status: "planned", postId: null },
    data: {
      ...(data.title !== undefined ? { title: data.title } : {}),
      ...(data.keywords !== undefined ? { keywords: data.keywords } : {}),
      ...(data.notes !== undefined ? { notes: data.notes } : {}),
    },
  });
  if (count === 0) throw new AppError("CONFLICT", notWaiting);
  return itemView(await prisma.contentPlanItem.findUniqueOrThrow({ where: { id: item.id } }), undefined);
}

export async function removePlanItem({ prisma }: { prisma: Prisma }, userId: number, itemId: number): Promise<void> {
  const item = await ownItem(prisma, userId, itemId);
  const { count } = await prisma.contentPlanItem.deleteMany({
    where: { id: item.id, status: { in: ["planned", "skipped", "failed"] }, postId: item.postId },
  });
  if (count === 0) throw new AppError("CONFLICT", notWaiting);
}

/**
 * The owner skips a title: it will not be published (an approved draft's schedule is cancelled; the post stays a
 * draft). Its slot goes to the next waiting title.
 */
export async function skipPlanItem({ db }: { db: Database }, userId: number, itemId: number) {
  const item = await ownItem(db.prisma, userId, itemId);
  if (!["planned", "to_review", "approved"].includes(item.status)) {
    throw new AppError("CONFLICT", "Only a title that is not published yet can be skipped.");
  }
  if (item.status === "approved" && item.postId !== null) {
    await cancelSchedule({ db }, { userId, postId: item.postId });
  }
  const { count } = await db.prisma.contentPlanItem.updateMany({
    where: { id: item.id, status: item.status },
    data: { status: "skipped", lastError: "Skipped by you." },
  });
  if (count === 0) throw new AppError("CONFLICT", "This title changed meanwhile. Reload the plan and try again.");
  return planItemView({ prisma: db.prisma }, item.id);
}

/** A title as the API returns it, with its post. */
export async function planItemView({ prisma }: { prisma: Prisma }, itemId: number): Promise<ContentPlanItemView> {
  const { plan, ...item } = await prisma.contentPlanItem.findUniqueOrThrow({
    where: { id: itemId },
    include: { plan: { select: { userId: true } } },
  });
  const posts = await postsOf(prisma, plan.userId, [item]);
  return itemView(item, item.postId === null ? undefined : posts.get(item.postId));
}

/**
 * Moves a waiting title one place earlier or later among the plan's waiting titles: it swaps its place, and its slot
 * when either has one, with its neighbour, so "earlier" means published earlier. The first title cannot move earlier
 * nor the last later (nothing changes).
 */
export async function movePlanItem(
  { prisma }: { prisma: Prisma },
  userId: number,
  itemId: number,
  input: z.input<typeof movePlanItemSchema>,
) {
  const { direction } = parseInput(movePlanItemSchema, input);
  const item = await ownItem(prisma, userId, itemId);
  if (item.status !== "planned" || item.postId !== null) throw new AppError("CONFLICT", notWaiting);
  await prisma.$transaction(async (tx) => {
    // One change to this plan's order at a time (appends and slot assignment take the same lock).
    await tx.$queryRaw`SELECT id FROM content_plans WHERE id = ${item.planId} FOR UPDATE`;
    const waiting = await tx.contentPlanItem.findMany({
      where: { planId: item.planId, status: "planned", postId: null },
      orderBy: itemOrder,
    });
    const index = waiting.findIndex((candidate) => candidate.id === item.id);
    const other = waiting[direction === "earlier" ? index - 1 : index + 1];
    const self = waiting[index];
    if (!other || !self) return;
    await tx.contentPlanItem.update({
      where: { id: self.id },
      data: { position: other.position, slotAt: other.slotAt },
    });
    await tx.contentPlanItem.update({
      where: { id: other.id },
      data: { position: self.position, slotAt: self.slotAt },
    });
  });
}
