// What an owner (or a connected site) does with content plans, as every surface offers it: the site's API, the plugin
// API and the Shopify app call these and nothing else of the autopilot. Two rules live here and nowhere else:
// - whose plans a caller reaches (`PlanScope`: the owner's; through the plugin, only the plans publishing to that
//   WordPress site, any other being "not found");
// - the sequencing: the waiting titles take the free slots again after anything that frees or fills one (a plan
//   created or resumed, its cadence changed, titles added, imported, removed or skipped).
// Inputs are typed with the contracts' request schemas (core/src/contracts/autopilot-requests.ts) and checked again
// here, so a surface that builds one from a form gets the same messages as an API client.
import type { z } from "zod";
import type { Writer } from "../ai/index.ts";
import type {
  createContentPlanSchema,
  movePlanItemSchema,
  planIdeasSchema,
  planItemSchema,
  updateContentPlanSchema,
} from "../contracts/autopilot-requests.ts";
import type { ContentPlanDetailView, ContentPlanItemView, ContentPlanView } from "../contracts/autopilot.ts";
import type { Database } from "../db/index.ts";
import { notFound } from "../errors/index.ts";
import {
  addPlanItems,
  assignPlanSlots,
  contentPlanMessages,
  createContentPlan,
  importPlanCsv,
  parsePlanId,
  planItemId,
} from "./content-plans.ts";
import {
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
import { approvePlanItem } from "./prepare-plan-items.ts";
import { suggestPlanIdeas } from "./suggest-plan-ideas.ts";

export type CreatePlanInput = z.input<typeof createContentPlanSchema>;
export type UpdatePlanInput = z.input<typeof updateContentPlanSchema>;
export type PlanItemInput = z.input<typeof planItemSchema>;
export type MovePlanItemInput = z.input<typeof movePlanItemSchema>;
export type PlanIdeasInput = z.input<typeof planIdeasSchema>;
/** Which page of a plan's titles a view shows: { page, pageSize }, numbers or an address's strings. */
export type PlanPaging = { page?: unknown; pageSize?: unknown } | undefined;

/** Whose plans a caller reaches. */
export interface PlanScope {
  userId: number;
  /**
   * A WordPress site connected through the plugin: only the plans publishing through this connection are reachable,
   * and a new plan always publishes through it.
   */
  wordpressConnectionId?: number;
}

/** A plan or title as named in an address (checked here: 404 when it is not one the caller reaches). */
type Id = unknown;

export type PlanActions = ReturnType<typeof planActions>;

export function planActions(deps: { db: Database; writer?: Writer; now?: () => Date }, scope: PlanScope) {
  const { db } = deps;
  const { prisma } = db;
  const { userId } = scope;
  const now = () => deps.now?.() ?? new Date();
  const reachable = (plan: { platform: string; connectionId: number | null }) =>
    scope.wordpressConnectionId === undefined ||
    (plan.platform === "wordpress" && plan.connectionId === scope.wordpressConnectionId);

  /** The plan's id, 404 unless the caller may reach it. */
  async function plan(raw: Id): Promise<number> {
    const id = parsePlanId(raw);
    if (scope.wordpressConnectionId !== undefined) {
      const target = await prisma.contentPlan.findFirst({
        where: { id, userId },
        select: { platform: true, connectionId: true },
      });
      if (!target || !reachable(target)) throw notFound(contentPlanMessages.notFound);
    }
    return id;
  }
  /** The plan's and the title's ids, 404 unless the title is one of that plan's. */
  async function item(rawPlan: Id, rawItem: Id): Promise<{ planId: number; itemId: number }> {
    const planId = await plan(rawPlan);
    return { planId, itemId: await planItemId({ prisma }, userId, planId, rawItem) };
  }
  /** The titles take the free slots again. */
  const slots = (planId: number) => assignPlanSlots({ prisma }, userId, planId, now());
  const view = (planId: number, paging?: PlanPaging) => contentPlanView({ prisma }, userId, planId, now(), paging);

  return {
    async list(): Promise<ContentPlanView[]> {
      return (await listContentPlans({ prisma }, userId, now())).filter(reachable);
    },

    /** Creates a plan (through the plugin: for that site, whatever the input names) and gives its first slots. */
    async create(input: CreatePlanInput): Promise<ContentPlanDetailView> {
      const target =
        scope.wordpressConnectionId === undefined
          ? input
          : { ...input, platform: "wordpress" as const, connectionId: scope.wordpressConnectionId, blogId: null };
      const created = await createContentPlan({ prisma }, userId, target);
      await slots(created.id);
      return view(created.id);
    },

    async get(planId: Id, paging?: PlanPaging): Promise<ContentPlanDetailView> {
      return view(await plan(planId), paging);
    },

    /** Changes a plan (pause, resume, cadence, ...); the titles take the slots that follow. */
    async update(planId: Id, input: UpdatePlanInput, paging?: PlanPaging): Promise<ContentPlanDetailView> {
      const id = await plan(planId);
      await updateContentPlan({ prisma }, userId, id, input);
      await slots(id);
      return view(id, paging);
    },

    async remove(planId: Id): Promise<void> {
      await deleteContentPlan({ db }, userId, await plan(planId));
    },

    /** Adds titles to the end of the plan, all or none. */
    async addItems(planId: Id, items: readonly PlanItemInput[]): Promise<{ added: number }> {
      const id = await plan(planId);
      const result = await addPlanItems({ prisma }, userId, id, items);
      await slots(id);
      return result;
    },

    /** Imports titles from a CSV file, all or none (422 listing every row to fix). */
    async importCsv(planId: Id, csv: string): Promise<{ added: number }> {
      const id = await plan(planId);
      const result = await importPlanCsv({ prisma }, userId, id, csv, now());
      await slots(id);
      return result;
    },

    async updateItem(planId: Id, itemId: Id, input: Partial<PlanItemInput>): Promise<ContentPlanItemView> {
      const ids = await item(planId, itemId);
      return updatePlanItem({ prisma }, userId, ids.itemId, input);
    },

    async removeItem(planId: Id, itemId: Id): Promise<void> {
      const ids = await item(planId, itemId);
      await removePlanItem({ prisma }, userId, ids.itemId);
      await slots(ids.planId);
    },

    /** Approves a prepared draft: it is published in its slot. */
    async approveItem(planId: Id, itemId: Id): Promise<ContentPlanItemView> {
      const ids = await item(planId, itemId);
      const approved = await approvePlanItem({ db }, userId, ids.itemId, now());
      return planItemView({ prisma }, approved.id);
    },

    /** Skips a title: it is not published, and its slot goes to the next one. */
    async skipItem(planId: Id, itemId: Id): Promise<ContentPlanItemView> {
      const ids = await item(planId, itemId);
      const skipped = await skipPlanItem({ db }, userId, ids.itemId);
      await slots(ids.planId);
      return skipped;
    },

    async moveItem(
      planId: Id,
      itemId: Id,
      input: MovePlanItemInput,
      paging?: PlanPaging,
    ): Promise<ContentPlanDetailView> {
      const ids = await item(planId, itemId);
      await movePlanItem({ prisma }, userId, ids.itemId, input);
      return view(ids.planId, paging);
    },

    /** Title ideas for the plan (counted as a title suggestion). */
    async suggestIdeas(planId: Id, input: PlanIdeasInput, options: { signal?: AbortSignal } = {}) {
      if (!deps.writer) throw new Error("planActions needs a writer to suggest ideas.");
      return suggestPlanIdeas({ prisma, writer: deps.writer }, userId, await plan(planId), input, options);
    },
  };
}
