// Content plans: creating one for a publishing target the owner has, adding titles (typed or imported from CSV, all or
// nothing) and giving the waiting titles the plan's next slots. Every query is scoped to the plan's owner.
import { CONTENT_PLANS_PER_ACCOUNT, TITLES_PER_CONTENT_PLAN } from "../billing/autopilot-limits.ts";
import { getEntitlements } from "../billing/entitlements.ts";
import type { Prisma } from "../db/client.ts";
import { AppError, badRequest, forbidden, notFound, parseInput } from "../errors/index.ts";
import type { z } from "zod";
import {
  addPlanItemsSchema,
  cadenceSchema,
  createContentPlanSchema,
  type planItemSchema,
} from "../contracts/autopilot-requests.ts";
import { nextSlots } from "./cadence.ts";
import { parsePlanCsv, type PlanCsvProblem, type PlanItemDraft } from "./parse-plan-csv.ts";

/** Why a plan of an account without scheduling is paused (made so, or paused by the autopilot after a downgrade). */
export const PLAN_WITHOUT_SCHEDULING =
  "Autopilot runs on the Starter plan and above, so this plan is paused. Upgrade to let it write and publish.";

export const contentPlanMessages = {
  notFound: "This content plan does not exist or is not yours.",
  itemNotFound: "This title does not exist or is not yours.",
  noConnection: "Connect the site first: the plan publishes through one of your connections.",
  tooManyPlans: (limit: number) =>
    `Your plan keeps up to ${limit} content plans. Delete one you no longer need, or upgrade to add more.`,
  tooManyTitles: (limit: number, has: number) =>
    `A content plan holds up to ${limit} titles on your plan, and this one has ${has}. Remove titles that are done, or upgrade to add more.`,
} as const;

const MAX_ID = 2_147_483_647;

/** An id from an address: anything that cannot be a row's id is one that does not exist (404 with `message`). */
function parseId(raw: unknown, message: string): number {
  const text = String(raw ?? "");
  const id = /^\d{1,10}$/.test(text) ? Number(text) : NaN;
  if (!Number.isSafeInteger(id) || id < 1 || id > MAX_ID) throw notFound(message);
  return id;
}

/** A plan's id from an address (404 when it cannot be one). */
export function parsePlanId(raw: unknown): number {
  return parseId(raw, contentPlanMessages.notFound);
}

/** The id of a title of the owner's plan `planId` named in an address: 404 unless it is one of that plan's. */
export async function planItemId({ prisma }: { prisma: Prisma }, userId: number, planId: number, raw: unknown) {
  const id = parseId(raw, contentPlanMessages.itemNotFound);
  const item = await prisma.contentPlanItem.findFirst({
    where: { id, planId, plan: { userId } },
    select: { id: true },
  });
  if (!item) throw notFound(contentPlanMessages.itemNotFound);
  return item.id;
}

/** Creates a plan for one of the owner's connections (any plan may build one; running it is for plans that schedule). */
export async function createContentPlan(
  { prisma }: { prisma: Prisma },
  userId: number,
  input: z.input<typeof createContentPlanSchema>,
) {
  const data = parseInput(createContentPlanSchema, input);
  if (data.connectionId !== null) {
    const where = { id: data.connectionId, userId };
    const found =
      data.platform === "shopify"
        ? await prisma.shopifyConnection.count({ where })
        : await prisma.wordpressConnection.count({ where });
    if (found === 0) throw badRequest(contentPlanMessages.noConnection);
  } else {
    // Only an account of the Shopify app publishes without a connection: to its own shop.
    const user = await prisma.user.findUnique({ where: { id: userId }, select: { shopDomain: true } });
    if (data.platform !== "shopify" || !user?.shopDomain) throw badRequest(contentPlanMessages.noConnection);
  }
  // A plan the account's plan cannot run says so from the start: made paused, with the reason and the way to upgrade
  // (the view's needsUpgrade), instead of "active" until the autopilot's next round pauses it.
  const { canSchedule, plan: accountPlan } = await getEntitlements({ prisma }, userId);
  const cannotRun = canSchedule ? {} : { status: "paused", pausedReason: PLAN_WITHOUT_SCHEDULING };
  const maxPlans = CONTENT_PLANS_PER_ACCOUNT[accountPlan];
  return prisma.$transaction(async (tx) => {
    // One creation at a time per account, so that a burst of requests cannot pass the bound together.
    await tx.$queryRaw`SELECT id FROM custom_users WHERE id = ${userId} FOR UPDATE`;
    if ((await tx.contentPlan.count({ where: { userId } })) >= maxPlans) {
      throw forbidden(contentPlanMessages.tooManyPlans(maxPlans), { details: { limit: maxPlans } });
    }
    return tx.contentPlan.create({
      data: {
        userId,
        name: data.name,
        platform: data.platform,
        connectionId: data.connectionId,
        blogId: data.blogId,
        weekdays: data.cadence.weekdays,
        publishTime: data.cadence.time,
        timeZone: data.cadence.timeZone,
        postsAhead: data.postsAhead,
        mode: data.mode,
        queueRefreshes: data.queueRefreshes,
        ...cannotRun,
      },
    });
  });
}

async function ownPlan(prisma: Prisma, userId: number, planId: number) {
  const plan = await prisma.contentPlan.findFirst({ where: { id: planId, userId } });
  if (!plan) throw notFound(contentPlanMessages.notFound);
  return plan;
}

/** Appends titles to the end of a plan, all in one transaction. */
async function appendItems(
  prisma: Prisma,
  plan: { id: number; userId: number },
  drafts: PlanItemDraft[],
): Promise<number> {
  const planId = plan.id;
  const { plan: accountPlan } = await getEntitlements({ prisma }, plan.userId);
  const maxTitles = TITLES_PER_CONTENT_PLAN[accountPlan];
  return prisma.$transaction(async (tx) => {
    // One append to this plan at a time, so positions never collide and the bound holds.
    await tx.$queryRaw`SELECT id FROM content_plans WHERE id = ${planId} FOR UPDATE`;
    const has = await tx.contentPlanItem.count({ where: { planId } });
    if (has + drafts.length > maxTitles) {
      throw forbidden(contentPlanMessages.tooManyTitles(maxTitles, has), { details: { limit: maxTitles } });
    }
    const last = await tx.contentPlanItem.aggregate({ where: { planId }, _max: { position: true } });
    const start = (last._max.position ?? 0) + 1;
    const { count } = await tx.contentPlanItem.createMany({
      data: drafts.map((draft, index) => ({ planId, position: start + index, ...draft })),
    });
    return count;
  });
}

/** Adds typed titles to a plan. */
export async function addPlanItems(
  { prisma }: { prisma: Prisma },
  userId: number,
  planId: number,
  input: readonly z.input<typeof planItemSchema>[],
) {
  const plan = await ownPlan(prisma, userId, planId);
  const items = parseInput(addPlanItemsSchema.shape.items, input);
  return {
    added: await appendItems(
      prisma,
      plan,
      items.map((item) => ({ ...item, preferredDate: null })),
    ),
  };
}

/**
 * Imports titles from a CSV file into a plan. Any bad row refuses the whole file with 422, listing every problem
 * (line and reason) in `details.problems`; nothing is imported then.
 */
export async function importPlanCsv(
  { prisma }: { prisma: Prisma },
  userId: number,
  planId: number,
  csv: string,
  now = new Date(),
): Promise<{ added: number }> {
  const plan = await ownPlan(prisma, userId, planId);
  const parsed = parsePlanCsv(csv, plan.timeZone, now);
  if (!parsed.ok) {
    const problems: PlanCsvProblem[] = parsed.problems;
    const first = problems[0]!;
    throw new AppError(
      "UNPROCESSABLE",
      problems.length === 1
        ? `Nothing was imported: line ${first.line}: ${first.reason}`
        : `Nothing was imported: ${problems.length} rows need fixing (first, line ${first.line}: ${first.reason})`,
      { details: { problems } },
    );
  }
  return { added: await appendItems(prisma, plan, parsed.items) };
}

/**
 * Gives the plan's waiting titles (in order; a title with a preferred day takes the first slot on or after it) the
 * next free slots of its cadence, up to postsAhead slots ahead. Slots already given are kept. Returns the titles that
 * received a slot.
 */
export async function assignPlanSlots(
  { prisma }: { prisma: Prisma },
  userId: number,
  planId: number,
  now = new Date(),
): Promise<{ id: number; slotAt: Date }[]> {
  const plan = await ownPlan(prisma, userId, planId);
  if (plan.status !== "active") return [];
  const cadence = cadenceSchema.parse({ weekdays: plan.weekdays, time: plan.publishTime, timeZone: plan.timeZone });
  return prisma.$transaction(async (tx) => {
    await tx.$queryRaw`SELECT id FROM content_plans WHERE id = ${plan.id} FOR UPDATE`;
    // A slot whose title was skipped or failed is free again for the next title.
    // A refresh the plan queued for review takes its slot too (queue-plan-refreshes.ts).
    const taken = [
      ...(await tx.contentPlanItem.findMany({
        where: { planId: plan.id, slotAt: { gt: now }, status: { notIn: ["skipped", "failed"] } },
        select: { slotAt: true },
      })),
      ...(await tx.postRefresh.findMany({ where: { planId: plan.id, slotAt: { gt: now } }, select: { slotAt: true } })),
    ];
    const open = plan.postsAhead - taken.length;
    if (open <= 0) return [];
    const takenAt = new Set(taken.map((item) => item.slotAt!.getTime()));
    const free = nextSlots(cadence, now, plan.postsAhead + takenAt.size).filter((slot) => !takenAt.has(slot.getTime()));
    const waiting = await tx.contentPlanItem.findMany({
      where: { planId: plan.id, status: "planned", slotAt: null },
      orderBy: [{ position: "asc" }, { id: "asc" }],
      take: open * 4,
    });
    const given: { id: number; slotAt: Date }[] = [];
    for (const slot of free.slice(0, open)) {
      const index = waiting.findIndex((item) => !item.preferredDate || item.preferredDate <= slot);
      if (index < 0) continue;
      const [item] = waiting.splice(index, 1);
      await tx.contentPlanItem.update({ where: { id: item!.id }, data: { slotAt: slot } });
      given.push({ id: item!.id, slotAt: slot });
    }
    return given;
  });
}

/** A plan with its titles in order, for the calendar and list views. */
export async function getContentPlan({ prisma }: { prisma: Prisma }, userId: number, planId: number) {
  const plan = await ownPlan(prisma, userId, planId);
  const items = await prisma.contentPlanItem.findMany({
    where: { planId: plan.id },
    orderBy: [{ slotAt: { sort: "asc", nulls: "last" } }, { position: "asc" }],
  });
  return { ...plan, items };
}
