// Refreshing one of "Your posts", implemented from its declaration (@postwright/core/contracts, site-api/refresh.ts):
//   POST /api/refreshes               { sitePostId }  -> the proposal (nothing changed on the site)
//   GET  /api/refreshes/:id                           -> the refresh
//   POST /api/refreshes/:id/preview   { itemIds }     -> scores with the chosen items
//   POST /api/refreshes/:id/publish   { itemIds }     -> published in place
//   POST /api/refreshes/:id/restore                   -> the previous version back
import type { Router } from "express";
import { refreshIdParamsSchema } from "@postwright/core/contracts";
import { siteApiContract as contract } from "@postwright/core/contracts/site-api";
import { AppError } from "@postwright/core/errors";
import { getRefresh, previewRefresh, proposeRefresh, publishRefresh, restoreRefresh } from "@postwright/core/refresh";
import type { ServerContext } from "../context.ts";
import { contractRouter } from "../http/contract-routes.ts";
import { connectionDeps } from "./publishing.ts";

function refreshId(params: { id: string }): number {
  const parsed = refreshIdParamsSchema.safeParse(params);
  if (!parsed.success)
    throw new AppError("NOT_FOUND", "This refresh does not exist, or it is not yours. Start again from Your posts.");
  return parsed.data.id;
}

export function createRefreshRouter(ctx: ServerContext): Router {
  const { router, route } = contractRouter(ctx);
  const prisma = ctx.db.prisma;
  const deps = () => ({ ...connectionDeps(ctx), openai: ctx.config.openai, logger: ctx.logger });

  route(contract.proposeRefresh, async ({ user, body }) => ({
    status: 201,
    body: await proposeRefresh(deps(), { userId: user.id, sitePostId: body().sitePostId }),
  }));

  route(contract.getRefresh, async ({ user, params }) => ({
    status: 200,
    body: await getRefresh({ prisma }, { userId: user.id, refreshId: refreshId(params) }),
  }));

  route(contract.previewRefresh, async ({ user, params, body }) => ({
    status: 200,
    body: await previewRefresh({ prisma }, { userId: user.id, refreshId: refreshId(params), itemIds: body().itemIds }),
  }));

  route(contract.publishRefresh, async ({ user, params, body }) => ({
    status: 200,
    body: await publishRefresh(deps(), { userId: user.id, refreshId: refreshId(params), itemIds: body().itemIds }),
  }));

  route(contract.restoreRefresh, async ({ user, params }) => ({
    status: 200,
    body: await restoreRefresh(deps(), { userId: user.id, refreshId: refreshId(params) }),
  }));

  return router;
}
