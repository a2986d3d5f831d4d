// What the owner does with plans and titles once they exist: list and read them as the API returns them, change a
// plan (pause, resume, cadence, mode, posts ahead), delete it, edit or remove a waiting title, skip one. Every query
// is scoped to the owner.
import type {
  ContentPlanDetailView,
  ContentPlanItemView,
  ContentPlanView,
  PlanItemStatus,
} from "../contracts/autopilot.ts";
import { planItemStatuses } from "../contracts/autopilot.ts";
import type { Database, Prisma } from "../db/index.ts";
import { AppError, notFound, parseInput } from "../errors/index.ts";
import { getEntitlements } from "../billing/entitlements.ts";
import { cancelSchedule } from "../scheduling/cancel-schedule.ts";
import { movePlanItemSchema, planItemSchema, updateContentPlanSchema } from "../contracts/autopilot-requests.ts";
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
  };
}

async function postsOf(prisma: Prisma, items: ItemRow[]): Promise<Map<number, PostSummary>> {
  const ids = items.flatMap((item) => (item.postId === null ? [] : [item.postId]));
  if (ids.length === 0) return new Map();
  const posts = await prisma.blogPost.findMany({
    where: { id: { in: ids } },
    select: { id: true, title: true, seoScore: true, status: true },
  });
  return new Map(posts.map((post) => [post.id, post]));
}

/** The plan's one notice while titles wait for another try after the writer failed (see prepare-plan-items.ts). */
function delayNotice(plan: PlanRow, rows: ItemRow[], now: Date): string | null {
  const waiting = rows.filter(
    (row) => row.status === "planned" && row.lastError && row.nextAttemptAt && row.nextAttemptAt > now,
  );
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

function planView(
  plan: PlanRow,
  rows: ItemRow[],
  items: ContentPlanItemView[],
  now: Date,
  canSchedule: boolean,
): ContentPlanView {
  const counts = Object.fromEntries(planItemStatuses.map((status) => [status, 0])) as Record<PlanItemStatus, number>;
  for (const item of items) counts[item.status] += 1;
  const next = items
    .filter((item) => item.slotAt && new Date(item.slotAt) > now && !["skipped", "failed"].includes(item.status))
    .map((item) => item.slotAt!)
    .sort()[0];
  return {
    id: plan.id,
    name: plan.name,
    platform: plan.platform as ContentPlanView["platform"],
    connectionId: plan.connectionId,
    blogId: plan.blogId,
    cadence: { weekdays: plan.weekdays, time: plan.publishTime, timeZone: plan.timeZone },
    postsAhead: plan.postsAhead,
    mode: plan.mode as ContentPlanView["mode"],
    status: plan.status as ContentPlanView["status"],
    pausedReason: plan.pausedReason,
    needsUpgrade: needsUpgrade(plan, canSchedule),
    canResume: plan.status === "paused" && canSchedule,
    nextSlotAt: next ?? null,
    delayNotice: delayNotice(plan, rows, now),
    counts,
    createdAt: plan.createdAt.toISOString(),
  };
}

const itemOrder = [{ slotAt: { sort: "asc" as const, nulls: "last" as const } }, { position: "asc" as const }];

export async function listContentPlans(
  { prisma }: { prisma: Prisma },
  userId: number,
  now = new Date(),
): Promise<ContentPlanView[]> {
  const plans = await prisma.contentPlan.findMany({
    where: { userId },
    orderBy: { id: "asc" },
    include: { items: { orderBy: itemOrder } },
  });
  const posts = await postsOf(
    prisma,
    plans.flatMap((plan) => plan.items),
  );
  const { canSchedule } = await getEntitlements({ prisma }, userId, now);
  return plans.map((plan) =>
    planView(
      plan,
      plan.items,
      plan.items.map((item) => itemView(item, item.postId === null ? undefined : posts.get(item.postId))),
      now,
      canSchedule,
    ),
  );
}

export async function contentPlanView(
  { prisma }: { prisma: Prisma },
  userId: number,
  planId: number,
  now = new Date(),
): Promise<ContentPlanDetailView> {
  const plan = await prisma.contentPlan.findFirst({
    where: { id: planId, userId },
    include: { items: { orderBy: itemOrder } },
  });
  if (!plan) throw notFound(contentPlanMessages.notFound);
  const posts = await postsOf(prisma, plan.items);
  const items = plan.items.map((item) => itemView(item, item.postId === null ? undefined : posts.get(item.postId)));
  const { canSchedule } = await getEntitlements({ prisma }, userId, now);
  return { ...planView(plan, plan.items, items, now, canSchedule), items };
}

/**
 * Changes a plan. Resuming clears the reason it was paused for (it is checked again when the next title is
 * prepared). A changed cadence frees the slots of titles not prepared yet, so they take the new cadence's slots.
 */
export async function updateContentPlan(
  { prisma }: { prisma: Prisma },
  userId: number,
  planId: number,
  input: unknown,
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

export async function updatePlanItem({ prisma }: { prisma: Prisma }, userId: number, itemId: number, input: unknown) {
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
  const item = await prisma.contentPlanItem.findUniqueOrThrow({ where: { id: itemId } });
  const posts = await postsOf(prisma, [item]);
  return itemView(item, item.postId === null ? undefined : posts.get(item.postId));
}

/**
 * Moves a waiting title one place earlier or later among the plan's waiting titles: it swaps its place, and its slot
 * when either has one, with its neighbour, so "earlier" means published earlier. The first title cannot move earlier
 * nor the last later (nothing changes).
 */
export async function movePlanItem({ prisma }: { prisma: Prisma }, userId: number, itemId: number, input: unknown) {
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
