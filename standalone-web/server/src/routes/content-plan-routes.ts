// The autopilot's content-plan routes, shared by the site's API (/api/content-plans, the signed-in owner) and the
// plugin API (/api/v1/content-plans, a connected WordPress site). Each route is implemented from its declaration, the
// plugin API's (@postwright/core/contracts, api-v1.ts) or the site API's, taken from it (site-api/content-plans.ts):
// path, query, body and answers. Each takes the caller's `scope` and calls one action of the core's planActions
// (@postwright/core/autopilot), which decides whose plans the caller reaches and gives the titles their slots again
// after each change. No query is written here.
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
import { planActions, type PlanScope } from "@postwright/core/autopilot";
import type { Writer } from "@postwright/core/ai";
import { type ApiV1Contract } from "@postwright/core/contracts/api-v1";
import type { siteApiContract } from "@postwright/core/contracts/site-api";
import type { ServerContext } from "../context.ts";
import { implement } from "../http/contract-routes.ts";

type ContentPlanRouteName =
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
  | "movePlanItem";

/**
 * The content-plan routes' declarations: the plugin API's (a connected site's plans) or the site API's (the signed-in
 * member's), which answer them the same way.
 */
export type ContentPlanRoutes =
  Pick<ApiV1Contract, ContentPlanRouteName> | Pick<typeof siteApiContract, ContentPlanRouteName>;

/** Whose plans a request reaches. */
export type ContentPlanScope = PlanScope;

export interface ContentPlanRoutesOptions {
  writer: Writer;
  /** Middleware run before every route (the site's own API: requireUser). */
  guard?: RequestHandler[];
  /** The caller's scope, from the authenticated request. */
  scope: (req: Request) => ContentPlanScope;
}

/** Adds the content-plan routes to `router`, under /content-plans. */
export function addContentPlanRoutes(
  router: Router,
  ctx: ServerContext,
  routes: ContentPlanRoutes,
  options: ContentPlanRoutesOptions,
): void {
  const { writer } = options;
  const guard = options.guard ?? [];
  const plans = (req: Request) => planActions({ db: ctx.db, writer }, options.scope(req));

  implement(
    router,
    routes.listContentPlans,
    async ({ req }) => ({ status: 200, body: { plans: await plans(req).list() } }),
    guard,
  );

  // Through the plugin the plan always publishes to the calling site (the core sets the target); the member's own
  // API names the connection.
  const create = routes.createContentPlan;
  if (create.caller === "site") {
    implement(
      router,
      create,
      async ({ req, body }) => ({ status: 201, body: await plans(req).create({ ...body(), platform: "wordpress" }) }),
      guard,
    );
  } else {
    implement(router, create, async ({ req, body }) => ({ status: 201, body: await plans(req).create(body()) }), guard);
  }

  implement(
    router,
    routes.getContentPlan,
    async ({ req, params, query }) => ({ status: 200, body: await plans(req).get(params.id, query()) }),
    guard,
  );

  implement(
    router,
    routes.updateContentPlan,
    async ({ req, params, body, query }) => ({
      status: 200,
      body: await plans(req).update(params.id, body(), query()),
    }),
    guard,
  );

  implement(
    router,
    routes.deleteContentPlan,
    async ({ req, params }) => {
      await plans(req).remove(params.id);
      return { status: 204 };
    },
    guard,
  );

  implement(
    router,
    routes.addPlanItems,
    async ({ req, params, body }) => ({ status: 200, body: await plans(req).addItems(params.id, body().items) }),
    guard,
  );

  implement(
    router,
    routes.importPlanCsv,
    async ({ req, params, body }) => ({ status: 200, body: await plans(req).importCsv(params.id, body().csv) }),
    guard,
  );

  implement(
    router,
    routes.updatePlanItem,
    async ({ req, params, body }) => ({
      status: 200,
      body: await plans(req).updateItem(params.id, params.itemId, body()),
    }),
    guard,
  );

  implement(
    router,
    routes.removePlanItem,
    async ({ req, params }) => {
      await plans(req).removeItem(params.id, params.itemId);
      return { status: 204 };
    },
    guard,
  );

  implement(
    router,
    routes.approvePlanItem,
    async ({ req, params }) => ({ status: 200, body: await plans(req).approveItem(params.id, params.itemId) }),
    guard,
  );

  implement(
    router,
    routes.skipPlanItem,
    async ({ req, params }) => ({ status: 200, body: await plans(req).skipItem(params.id, params.itemId) }),
    guard,
  );

  implement(
    router,
    routes.movePlanItem,
    async ({ req, params, body, query }) => ({
      status: 200,
      body: await plans(req).moveItem(params.id, params.itemId, body(), query()),
    }),
    guard,
  );

  implement(
    router,
    routes.suggestPlanIdeas,
    async ({ req, res, params, body }) => {
      const input = body();
      const cancel = new AbortController();
      res.on("close", () => {
        if (!res.writableFinished) cancel.abort();
      });
      return {
        status: 200,
        body: await plans(req).suggestIdeas(params.id, input, { signal: cancel.signal }),
      };
    },
    guard,
  );
}
