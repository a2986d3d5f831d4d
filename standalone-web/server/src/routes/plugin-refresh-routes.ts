// Refresh and Search Console for the plugin: its own site's posts and its own site's Search Console connection.
//   POST /api/v1/refreshes               { sitePostId }  -> the proposal (nothing changed on the site)
//   GET  /api/v1/refreshes/:id                           -> the refresh
//   POST /api/v1/refreshes/:id/preview   { itemIds }     -> scores with the chosen items
//   POST /api/v1/refreshes/:id/publish   { itemIds }     -> published in place (through the plugin's signed route)
//   POST /api/v1/refreshes/:id/restore                   -> the previous version back
//   GET|DELETE /api/v1/search-console, POST /search-console/connect { returnUrl }, PUT /search-console/property,
//   GET /api/v1/search-console/ideas
// The site credential reaches only its own site: a post or refresh of another site of the account is 404 like a
// missing one, and Search Console is this site's connection only.
import type { Request, Response, Router } from "express";
import { isModelFailure } from "@postwright/core/ai";
import type { ApiV1Contract } from "@postwright/core/contracts/api-v1";
import { refreshIdParamsSchema } from "@postwright/core/contracts";
import type { SiteIdentity } from "@postwright/core/connections";
import { AppError, isAppError } from "@postwright/core/errors";
import { getRefresh, previewRefresh, proposeRefresh, publishRefresh, restoreRefresh } from "@postwright/core/refresh";
import {
  chooseSearchConsoleProperty,
  disconnectSearchConsole,
  getSearchConsoleStatus,
  listSearchConsoleIdeas,
  startSearchConsoleConnect,
} from "@postwright/core/search-console";
import type { ServerContext } from "../context.ts";
import { ANSWERED, implement } from "../http/contract-routes.ts";
import { connectionDeps } from "./publishing.ts";
import { searchConsoleDeps } from "./search-console.ts";

type Contract = Pick<
  ApiV1Contract,
  | "proposeRefresh"
  | "getRefresh"
  | "previewRefresh"
  | "publishRefresh"
  | "restoreRefresh"
  | "getSearchConsole"
  | "startSearchConsoleConnect"
  | "chooseSearchConsoleProperty"
  | "disconnectSearchConsole"
  | "listSearchConsoleIdeas"
>;

function refreshId(params: { id: string }): number {
  const parsed = refreshIdParamsSchema.safeParse(params);
  if (!parsed.success)
    throw new AppError(
      "NOT_FOUND",
      "This refresh does not exist, or it is not this site's. Start again from Your posts.",
    );
  return parsed.data.id;
}

export function addPluginRefreshRoutes(
  router: Router,
  ctx: ServerContext,
  contract: Contract,
  site: (req: Request) => SiteIdentity,
): void {
  const prisma = ctx.db.prisma;
  const deps = () => ({ ...connectionDeps(ctx), openai: ctx.config.openai, logger: ctx.logger });
  const own = (req: Request) => {
    const { userId, connectionId } = site(req);
    return { userId, site: { platform: "wordpress" as const, connectionId } };
  };
  /** The site's post could not be read or written: the reason is the site's, not the AI model's (the API's 503). */
  const siteAnswer = async <T>(req: Request, res: Response, work: () => Promise<T>) => {
    try {
      return await work();
    } catch (error) {
      if (!isAppError(error) || error.code !== "UPSTREAM" || isModelFailure(error)) throw error;
      ctx.logger.warn({ err: error.cause ?? error, siteId: site(req).siteId }, "refresh: the site's post not reached");
      res.status(502).json({ message: error.message, code: "site_unreadable" });
      return ANSWERED;
    }
  };

  implement(router, contract.proposeRefresh, async ({ req, res, body }) => {
    const sitePostId = body().sitePostId;
    const view = await siteAnswer(req, res, () => proposeRefresh(deps(), { ...own(req), sitePostId }));
    return view === ANSWERED ? ANSWERED : { status: 201, body: view };
  });

  implement(router, contract.getRefresh, async ({ req, params }) => ({
    status: 200,
    body: await getRefresh({ prisma }, { ...own(req), refreshId: refreshId(params) }),
  }));

  implement(router, contract.previewRefresh, async ({ req, params, body }) => ({
    status: 200,
    body: await previewRefresh({ prisma }, { ...own(req), refreshId: refreshId(params), itemIds: body().itemIds }),
  }));

  implement(router, contract.publishRefresh, async ({ req, res, params, body }) => {
    const input = { ...own(req), refreshId: refreshId(params), itemIds: body().itemIds };
    const view = await siteAnswer(req, res, () => publishRefresh(deps(), input));
    return view === ANSWERED ? ANSWERED : { status: 200, body: view };
  });

  implement(router, contract.restoreRefresh, async ({ req, res, params }) => {
    const input = { ...own(req), refreshId: refreshId(params) };
    const view = await siteAnswer(req, res, () => restoreRefresh(deps(), input));
    return view === ANSWERED ? ANSWERED : { status: 200, body: view };
  });

  const scDeps = searchConsoleDeps(ctx);

  implement(router, contract.getSearchConsole, async ({ req }) => ({
    status: 200,
    body: await getSearchConsoleStatus(scDeps, own(req)),
  }));

  implement(router, contract.startSearchConsoleConnect, async ({ req, body }) => {
    const { returnUrl } = body();
    const scope = own(req);
    try {
      return { status: 200, body: await startSearchConsoleConnect(scDeps, { ...scope, returnUrl }) };
    } catch (error) {
      // This site is the caller: the only site it could connect is itself, turned off on the service.
      if (isAppError(error) && error.code === "CONFLICT") {
        throw new AppError(
          "CONFLICT",
          "This site's connection is turned off in your Postwright account. Turn it on there, then connect Search Console.",
        );
      }
      throw error;
    }
  });

  implement(router, contract.chooseSearchConsoleProperty, async ({ req, body }) => ({
    status: 200,
    body: await chooseSearchConsoleProperty(scDeps, { ...own(req), siteUrl: body().siteUrl }),
  }));

  implement(router, contract.disconnectSearchConsole, async ({ req }) => ({
    status: 200,
    body: await disconnectSearchConsole(scDeps, own(req)),
  }));

  implement(router, contract.listSearchConsoleIdeas, async ({ req }) => ({
    status: 200,
    body: await listSearchConsoleIdeas({ prisma }, own(req)),
  }));
}
