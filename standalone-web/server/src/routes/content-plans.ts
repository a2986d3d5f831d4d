// The autopilot's content plans (core: @postwright/core/autopilot) on the site's own API, /api/content-plans. Every
// route is the signed-in owner's own; titles get their slots as soon as they are added (and again by every background
// round). The routes are declared in @postwright/core/contracts (site-api/content-plans.ts, taken from the plugin API's)
// and implemented once for both APIs in content-plan-routes.ts.
import { Router } from "express";
import { createWriter, type Writer } from "@postwright/core/ai";
import { siteApiContract } from "@postwright/core/contracts/site-api";
import type { ServerContext } from "../context.ts";
import { currentUser, requireUser } from "../http/auth.ts";
import { addContentPlanRoutes } from "./content-plan-routes.ts";

export function createContentPlansRouter(ctx: ServerContext, options: { writer?: Writer } = {}): Router {
  const router = Router();
  const writer =
    options.writer ?? createWriter({ openai: ctx.config.openai, logger: ctx.logger, siteUrl: ctx.config.appUrl });
  // The plugin API's routes as the member calls them; the owner's create body also names the target.
  addContentPlanRoutes(router, ctx, siteApiContract, {
    writer,
    guard: [requireUser],
    scope: (req) => ({ userId: currentUser(req).id }),
  });
  return router;
}
