// The autopilot's content plans (core: @postwright/core/autopilot) on the site's own API, /api/content-plans. Every
// route is the signed-in owner's own; titles get their slots as soon as they are added (and again by every background
// round). The routes themselves, shared with the plugin API (/api/v1), are listed in content-plan-routes.ts.
import { Router } from "express";
import { createWriter, type Writer } from "@postwright/core/ai";
import { apiV1Contract } from "@postwright/core/contracts/api-v1";
import type { ServerContext } from "../context.ts";
import { currentUser, requireUser } from "../http/auth.ts";
import { addContentPlanRoutes } from "./content-plan-routes.ts";

export function createContentPlansRouter(ctx: ServerContext, options: { writer?: Writer } = {}): Router {
  const router = Router();
  const writer =
    options.writer ?? createWriter({ openai: ctx.config.openai, logger: ctx.logger, siteUrl: ctx.config.appUrl });
  // The same routes and answers as the plugin API's (declared there); the owner's create body also names the target.
  addContentPlanRoutes(router, ctx, apiV1Contract, {
    writer,
    guard: [requireUser],
    scope: (req) => ({ userId: currentUser(req).id }),
  });
  return router;
}
