// Search Console on the site's API, implemented from its declaration (@postwright/core/contracts, site-api/
// search-console.ts): connect (Google's consent screen), Google's redirect back, the connection's state, choosing the
// property, disconnecting, and the ideas from its queries, each for the member's site in question (?platform or the
// body's platform; each site has its own connection). The work is in @postwright/core/search-console.
import type { Router } from "express";
import { siteApiContract as contract } from "@postwright/core/contracts/site-api";
import { badRequest, isAppError } from "@postwright/core/errors";
import {
  chooseSearchConsoleProperty,
  completeSearchConsoleConnect,
  connectReturnUrl,
  connectStateBinding,
  disconnectSearchConsole,
  getSearchConsoleStatus,
  listSearchConsoleIdeas,
  startSearchConsoleConnect,
  type SearchConsoleDeps,
} from "@postwright/core/search-console";
import type { ServerContext } from "../context.ts";
import { contractRouter } from "../http/contract-routes.ts";

export function searchConsoleDeps(ctx: ServerContext): SearchConsoleDeps {
  return {
    prisma: ctx.db.prisma,
    encryptionKey: ctx.config.encryptionKey,
    google: ctx.config.google,
    publicUrl: ctx.config.appUrl,
    logger: ctx.logger,
  };
}

export function createSearchConsoleRouter(ctx: ServerContext): Router {
  const { router, route } = contractRouter(ctx);
  const deps = searchConsoleDeps(ctx);

  route(contract.getSearchConsole, async ({ user, query }) => ({
    status: 200,
    body: await getSearchConsoleStatus(deps, { userId: user.id, platform: query().platform }),
  }));

  route(contract.startSearchConsoleConnect, async ({ user, body }) => ({
    status: 200,
    body: await startSearchConsoleConnect(deps, { userId: user.id, platform: body().platform }),
  }));

  // A browser navigation from Google carrying the authorization code: the request log records the path only
  // (http/logging.ts), and the answer is always a redirect to Your posts.
  route(contract.completeSearchConsoleConnect, async ({ req, res, user }) => {
    res.setHeader("cache-control", "no-store");
    res.setHeader("referrer-policy", "no-referrer");
    // Started from the WordPress plugin: back to its page (checked to be on the site's origin when it started).
    const stateText = typeof req.query.state === "string" ? req.query.state : undefined;
    const returnUrl = connectReturnUrl(stateText, deps.encryptionKey);
    // The plugin's connect is bound to its site, not to a session: the WordPress administrator's browser has none.
    const siteBound = connectStateBinding(stateText, deps.encryptionKey) === "site";
    const back = (outcome: Record<string, string>) => {
      if (!returnUrl)
        return { status: 303, location: `/your-posts?${new URLSearchParams(outcome).toString()}` } as const;
      const url = new URL(returnUrl);
      for (const [name, value] of Object.entries(outcome)) url.searchParams.set(name, value);
      return { status: 303, location: url.href } as const;
    };
    if (!user && !siteBound) {
      return back({ search_console_error: "Log in to Postwright, then choose Connect Search Console again." });
    }
    const parsed = contract.completeSearchConsoleConnect.query.safeParse(req.query);
    try {
      if (!parsed.success) throw badRequest("Google sent back an answer Postwright cannot read. Nothing was saved.");
      await completeSearchConsoleConnect(deps, { userId: user?.id, callback: parsed.data });
      return back({ search_console: "connected" });
    } catch (error) {
      if (!isAppError(error) || error.status >= 500) {
        ctx.logger.error({ err: error, userId: user?.id }, "Connecting Search Console failed");
        if (!isAppError(error)) {
          return back({ search_console_error: "Search Console could not be connected. Please try again." });
        }
      }
      return back({ search_console_error: error.message });
    }
  });

  route(contract.chooseSearchConsoleProperty, async ({ user, body }) => {
    const { siteUrl, platform } = body();
    return { status: 200, body: await chooseSearchConsoleProperty(deps, { userId: user.id, siteUrl, platform }) };
  });

  route(contract.disconnectSearchConsole, async ({ user, query }) => ({
    status: 200,
    body: await disconnectSearchConsole(deps, { userId: user.id, platform: query().platform }),
  }));

  route(contract.listSearchConsoleIdeas, async ({ user, query }) => ({
    status: 200,
    body: await listSearchConsoleIdeas(deps, { userId: user.id, platform: query().platform }),
  }));

  return router;
}
