// The autopilot's content-plan routes, shared by the site's API (/api/content-plans, the signed-in owner) and the
// plugin API (/api/v1/content-plans, a connected WordPress site). Each route authenticates through the caller's
// `scope`, parses the address, calls one core function and maps its answer; the plan logic is in
// @postwright/core/autopilot.
//
//   GET    /content-plans                               -> { plans: ContentPlanView[] }
//   POST   /content-plans                               createContentPlanSchema -> 201 ContentPlanDetailView
//   GET    /content-plans/:id                           -> ContentPlanDetailView
//   PATCH  /content-plans/:id                           updateContentPlanSchema -> ContentPlanDetailView
//   DELETE /content-plans/:id                           -> 204
//   POST   /content-plans/:id/items                     { items: planItemSchema[] } -> { added }
//   POST   /content-plans/:id/import                    { csv } -> { added } (422 { message, problems })
//   PATCH  /content-plans/:id/items/:itemId             planItemSchema (partial) -> ContentPlanItemView
//   DELETE /content-plans/:id/items/:itemId             -> 204
//   POST   /content-plans/:id/items/:itemId/approve     -> ContentPlanItemView (scheduled in its slot)
//   POST   /content-plans/:id/items/:itemId/skip        -> ContentPlanItemView
//   POST   /content-plans/:id/items/:itemId/move        { direction: "earlier" | "later" } -> ContentPlanDetailView
//   POST   /content-plans/:id/ideas                     { niche, count? } -> PlanIdeasResponse
import type { Request, RequestHandler, Router } from "express";
import { z } from "zod";
import {
  addPlanItems,
  approvePlanItem,
  assignPlanSlots,
  contentPlanMessages,
  contentPlanView,
  createContentPlan,
  createContentPlanSchema,
  deleteContentPlan,
  importPlanCsv,
  listContentPlans,
  movePlanItem,
  movePlanItemSchema,
  parsePlanId,
  planIdeasSchema,
  planItemId,
  planItemSchema,
  planItemView,
  removePlanItem,
  skipPlanItem,
  suggestPlanIdeas,
  updateContentPlan,
  updateContentPlanSchema,
  updatePlanItem,
} from "@postwright/core/autopilot";
import type { Writer } from "@postwright/core/ai";
import { notFound, parseInput } from "@postwright/core/errors";
import type { ServerContext } from "../context.ts";

export const addPlanItemsSchema = z.object({ items: z.array(z.unknown(), { message: "Send the titles in items." }) });
export const importPlanCsvSchema = z.object({
  csv: z
    .string({ message: "Send the CSV file's text in csv." })
    .max(1_000_000, "Import at most 1 MB of CSV at a time."),
});

/**
 * The request bodies of the content-plan routes, as the plugin API's OpenAPI document describes them. A plugin site
 * does not choose where its plans publish, so its create body has no platform, connection or blog.
 */
export const pluginContentPlanBodies = {
  create: createContentPlanSchema.omit({ platform: true, connectionId: true, blogId: true }),
  update: updateContentPlanSchema,
  addItems: z.object({ items: z.array(planItemSchema) }),
  importCsv: importPlanCsvSchema,
  updateItem: planItemSchema.partial().strict(),
  move: movePlanItemSchema,
  ideas: planIdeasSchema,
};

/** Whose plans a request reaches. */
export interface ContentPlanScope {
  userId: number;
  /**
   * A WordPress site connected through the plugin: only the plans publishing through this connection are reachable
   * (any other is "not found"), and a new plan always publishes through it, whatever the body says.
   */
  wordpressConnectionId?: number;
}

export interface ContentPlanRoutesOptions {
  writer: Writer;
  /** Middleware run before every route (the site's own API: requireUser). */
  guard?: RequestHandler[];
  /** The caller's scope, from the authenticated request. */
  scope: (req: Request) => ContentPlanScope;
}

const reachable = (scope: ContentPlanScope, plan: { platform: string; connectionId: number | null }) =>
  scope.wordpressConnectionId === undefined ||
  (plan.platform === "wordpress" && plan.connectionId === scope.wordpressConnectionId);

/** Adds the content-plan routes to `router`, under /content-plans. */
export function addContentPlanRoutes(router: Router, ctx: ServerContext, options: ContentPlanRoutesOptions): void {
  const { prisma } = ctx.db;
  const { writer, scope } = options;
  const guard = options.guard ?? [];

  /** The caller's user id and the plan named in the address, 404 unless the caller may reach it. */
  const plan = async (req: Request) => {
    const current = scope(req);
    const id = parsePlanId(req.params.id);
    if (current.wordpressConnectionId !== undefined) {
      // Only where the plan publishes is needed here; the route reads the plan itself.
      const target = await prisma.contentPlan.findFirst({
        where: { id, userId: current.userId },
        select: { platform: true, connectionId: true },
      });
      if (!target || !reachable(current, target)) throw notFound(contentPlanMessages.notFound);
    }
    return { userId: current.userId, planId: id };
  };
  /** The same, with the title named in the address, checked to belong to that plan. */
  const item = async (req: Request) => {
    const found = await plan(req);
    return { ...found, itemId: await planItemId({ prisma }, found.userId, found.planId, req.params.itemId) };
  };
  const slotsThenView = async (userId: number, planId: number) => {
    await assignPlanSlots({ prisma }, userId, planId);
    return contentPlanView({ prisma }, userId, planId);
  };

  router.get("/content-plans", ...guard, async (req, res) => {
    const current = scope(req);
    const plans = await listContentPlans({ prisma }, current.userId);
    res.json({ plans: plans.filter((candidate) => reachable(current, candidate)) });
  });

  router.post("/content-plans", ...guard, async (req, res) => {
    const current = scope(req);
    const body: unknown =
      current.wordpressConnectionId === undefined
        ? req.body
        : {
            ...(typeof req.body === "object" && req.body !== null ? req.body : {}),
            platform: "wordpress",
            connectionId: current.wordpressConnectionId,
            blogId: null,
          };
    const created = await createContentPlan({ prisma }, current.userId, body);
    res.status(201).json(await contentPlanView({ prisma }, current.userId, created.id));
  });

  router.get("/content-plans/:id", ...guard, async (req, res) => {
    const { userId, planId } = await plan(req);
    res.json(await contentPlanView({ prisma }, userId, planId));
  });

  router.patch("/content-plans/:id", ...guard, async (req, res) => {
    const { userId, planId } = await plan(req);
    await updateContentPlan({ prisma }, userId, planId, req.body);
    res.json(await slotsThenView(userId, planId));
  });

  router.delete("/content-plans/:id", ...guard, async (req, res) => {
    const { userId, planId } = await plan(req);
    await deleteContentPlan({ db: ctx.db }, userId, planId);
    res.status(204).end();
  });

  router.post("/content-plans/:id/items", ...guard, async (req, res) => {
    const { userId, planId } = await plan(req);
    const { items } = parseInput(addPlanItemsSchema, req.body);
    const result = await addPlanItems({ prisma }, userId, planId, items);
    await assignPlanSlots({ prisma }, userId, planId);
    res.json(result);
  });

  router.post("/content-plans/:id/import", ...guard, async (req, res) => {
    const { userId, planId } = await plan(req);
    const { csv } = parseInput(importPlanCsvSchema, req.body);
    const result = await importPlanCsv({ prisma }, userId, planId, csv);
    await assignPlanSlots({ prisma }, userId, planId);
    res.json(result);
  });

  router.patch("/content-plans/:id/items/:itemId", ...guard, async (req, res) => {
    const { userId, itemId } = await item(req);
    res.json(await updatePlanItem({ prisma }, userId, itemId, req.body));
  });

  router.delete("/content-plans/:id/items/:itemId", ...guard, async (req, res) => {
    const { userId, planId, itemId } = await item(req);
    await removePlanItem({ prisma }, userId, itemId);
    await assignPlanSlots({ prisma }, userId, planId);
    res.status(204).end();
  });

  router.post("/content-plans/:id/items/:itemId/approve", ...guard, async (req, res) => {
    const { userId, itemId } = await item(req);
    const approved = await approvePlanItem({ db: ctx.db }, userId, itemId);
    res.json(await planItemView({ prisma }, approved.id));
  });

  router.post("/content-plans/:id/items/:itemId/skip", ...guard, async (req, res) => {
    const { userId, planId, itemId } = await item(req);
    const skipped = await skipPlanItem({ db: ctx.db }, userId, itemId);
    await assignPlanSlots({ prisma }, userId, planId);
    res.json(skipped);
  });

  router.post("/content-plans/:id/items/:itemId/move", ...guard, async (req, res) => {
    const { userId, planId, itemId } = await item(req);
    await movePlanItem({ prisma }, userId, itemId, req.body);
    res.json(await contentPlanView({ prisma }, userId, planId));
  });

  router.post("/content-plans/:id/ideas", ...guard, async (req, res) => {
    const { userId, planId } = await plan(req);
    const cancel = new AbortController();
    res.on("close", () => {
      if (!res.writableFinished) cancel.abort();
    });
    res.json(await suggestPlanIdeas({ prisma, writer }, userId, planId, req.body, { signal: cancel.signal }));
  });
}
