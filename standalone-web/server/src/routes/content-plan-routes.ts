// The autopilot's content-plan routes, shared by the site's API (/api/content-plans, the signed-in owner) and the
// plugin API (/api/v1/content-plans, a connected WordPress site). Each route is implemented from its declaration in
// the plugin API's contract (@postwright/core/contracts, api-v1.ts: path and answers), authenticates through the
// caller's `scope`, parses the address, calls one core function and maps its answer; the plan logic is in
// @postwright/core/autopilot.
//
//   GET    /content-plans                               -> { plans: ContentPlanView[] }
//   POST   /content-plans                               createContentPlanSchema -> 201 ContentPlanDetailView
//   GET    /content-plans/:id?page=&pageSize=           -> ContentPlanDetailView (one page of titles, 50 by default)
//   PATCH  /content-plans/:id?page=&pageSize=           updateContentPlanSchema -> ContentPlanDetailView
//   DELETE /content-plans/:id                           -> 204
//   POST   /content-plans/:id/items                     { items: planItemSchema[] } -> { added }
//   POST   /content-plans/:id/import                    { csv } -> { added } (422 { message, problems })
//   PATCH  /content-plans/:id/items/:itemId             planItemSchema (partial) -> ContentPlanItemView
//   DELETE /content-plans/:id/items/:itemId             -> 204
//   POST   /content-plans/:id/items/:itemId/approve     -> ContentPlanItemView (scheduled in its slot)
//   POST   /content-plans/:id/items/:itemId/skip        -> ContentPlanItemView
//   POST   /content-plans/:id/items/:itemId/move        { direction } -> ContentPlanDetailView (?page=&pageSize=)
//
// The routes answering a plan's view show the page of its titles the query asks for (400 { message } for a page or
// size that cannot be one), so that a client paging through a plan gets back the page it shows.
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
  deleteContentPlan,
  importPlanCsv,
  listContentPlans,
  movePlanItem,
  parsePlanId,
  planItemId,
  planItemView,
  removePlanItem,
  skipPlanItem,
  suggestPlanIdeas,
  updateContentPlan,
  updatePlanItem,
} from "@postwright/core/autopilot";
import type { Writer } from "@postwright/core/ai";
import { importPlanCsvSchema } from "@postwright/core/contracts";
import { type ApiV1Contract } from "@postwright/core/contracts/api-v1";
import { notFound, parseInput } from "@postwright/core/errors";
import type { ServerContext } from "../context.ts";
import { implement } from "../http/contract-routes.ts";

/** The titles' envelope: each title is checked by the core, all or nothing. */
const itemsEnvelopeSchema = z.object({ items: z.array(z.unknown(), { message: "Send the titles in items." }) });

/** The content-plan routes' declarations (the site's own API answers them the same way). */
export type ContentPlanRoutes = Pick<
  ApiV1Contract,
  | "listContentPlans"
  | "createContentPlan"
  | "getContentPlan"
  | "updateContentPlan"
  | "deleteContentPlan"
  | "addPlanItems"
  | "importPlanCsv"
  | "suggestPlanIdeas"
  | "updatePlanItem"
  | "removePlanItem"
  | "approvePlanItem"
  | "skipPlanItem"
  | "movePlanItem"
>;

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
export function addContentPlanRoutes(
  router: Router,
  ctx: ServerContext,
  routes: ContentPlanRoutes,
  options: ContentPlanRoutesOptions,
): void {
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
  const slotsThenView = async (userId: number, planId: number, paging: unknown) => {
    await assignPlanSlots({ prisma }, userId, planId);
    return contentPlanView({ prisma }, userId, planId, new Date(), paging);
  };

  implement(
    router,
    routes.listContentPlans,
    async ({ req }) => {
      const current = scope(req);
      const plans = await listContentPlans({ prisma }, current.userId);
      return { status: 200, body: { plans: plans.filter((candidate) => reachable(current, candidate)) } };
    },
    guard,
  );

  implement(
    router,
    routes.createContentPlan,
    async ({ req }) => {
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
      return { status: 201, body: await contentPlanView({ prisma }, current.userId, created.id) };
    },
    guard,
  );

  implement(
    router,
    routes.getContentPlan,
    async ({ req }) => {
      const { userId, planId } = await plan(req);
      return { status: 200, body: await contentPlanView({ prisma }, userId, planId, new Date(), req.query) };
    },
    guard,
  );

  implement(
    router,
    routes.updateContentPlan,
    async ({ req }) => {
      const { userId, planId } = await plan(req);
      await updateContentPlan({ prisma }, userId, planId, req.body);
      return { status: 200, body: await slotsThenView(userId, planId, req.query) };
    },
    guard,
  );

  implement(
    router,
    routes.deleteContentPlan,
    async ({ req }) => {
      const { userId, planId } = await plan(req);
      await deleteContentPlan({ db: ctx.db }, userId, planId);
      return { status: 204 };
    },
    guard,
  );

  implement(
    router,
    routes.addPlanItems,
    async ({ req }) => {
      const { userId, planId } = await plan(req);
      const { items } = parseInput(itemsEnvelopeSchema, req.body);
      const result = await addPlanItems({ prisma }, userId, planId, items);
      await assignPlanSlots({ prisma }, userId, planId);
      return { status: 200, body: result };
    },
    guard,
  );

  implement(
    router,
    routes.importPlanCsv,
    async ({ req }) => {
      const { userId, planId } = await plan(req);
      const { csv } = parseInput(importPlanCsvSchema, req.body);
      const result = await importPlanCsv({ prisma }, userId, planId, csv);
      await assignPlanSlots({ prisma }, userId, planId);
      return { status: 200, body: result };
    },
    guard,
  );

  implement(
    router,
    routes.updatePlanItem,
    async ({ req }) => {
      const { userId, itemId } = await item(req);
      return { status: 200, body: await updatePlanItem({ prisma }, userId, itemId, req.body) };
    },
    guard,
  );

  implement(
    router,
    routes.removePlanItem,
    async ({ req }) => {
      const { userId, planId, itemId } = await item(req);
      await removePlanItem({ prisma }, userId, itemId);
      await assignPlanSlots({ prisma }, userId, planId);
      return { status: 204 };
    },
    guard,
  );

  implement(
    router,
    routes.approvePlanItem,
    async ({ req }) => {
      const { userId, itemId } = await item(req);
      const approved = await approvePlanItem({ db: ctx.db }, userId, itemId);
      return { status: 200, body: await planItemView({ prisma }, approved.id) };
    },
    guard,
  );

  implement(
    router,
    routes.skipPlanItem,
    async ({ req }) => {
      const { userId, planId, itemId } = await item(req);
      const skipped = await skipPlanItem({ db: ctx.db }, userId, itemId);
      await assignPlanSlots({ prisma }, userId, planId);
      return { status: 200, body: skipped };
    },
    guard,
  );

  implement(
    router,
    routes.movePlanItem,
    async ({ req }) => {
      const { userId, planId, itemId } = await item(req);
      await movePlanItem({ prisma }, userId, itemId, req.body);
      return { status: 200, body: await contentPlanView({ prisma }, userId, planId, new Date(), req.query) };
    },
    guard,
  );

  implement(
    router,
    routes.suggestPlanIdeas,
    async ({ req, res }) => {
      const { userId, planId } = await plan(req);
      const cancel = new AbortController();
      res.on("close", () => {
        if (!res.writableFinished) cancel.abort();
      });
      return {
        status: 200,
        body: await suggestPlanIdeas({ prisma, writer }, userId, planId, req.body, { signal: cancel.signal }),
      };
    },
    guard,
  );
}
