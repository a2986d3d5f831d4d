// The user's WordPress site connection (the dashboard's WordPress form), implemented from their declarations
// (@postwright/core/contracts, site-api/wordpress.ts): the site in use, every saved site, checking and saving an
// application password, disconnecting, checking a site connected through the plugin (a signed ping), and "Connect with
// WordPress" (the site's Authorize Application screen, and the address WordPress sends the browser back to).
// The application password is checked against the site before it is saved, stored encrypted and never returned.
// Requests to the site go through the safe fetch: private network addresses are refused unless the operator allows
// them (ALLOW_PRIVATE_NETWORK_TARGETS).
import type { Request, Router } from "express";
import { siteApiContract as contract } from "@postwright/core/contracts/site-api";
import { badRequest, isAppError } from "@postwright/core/errors";
import {
  checkPluginSite,
  checkWordpressCredentials,
  completeWordpressAuthorization,
  deleteConnection,
  getWordpressConnection,
  listConnections,
  saveWordpressConnection,
  startWordpressAuthorization,
} from "@postwright/core/connections";
import type { ServerContext } from "../context.ts";
import { contractRouter } from "../http/contract-routes.ts";
import { createRateLimit } from "../http/rate-limit.ts";
import { connectionDeps } from "./publishing.ts";
import { connectionCheckRateLimit } from "./shopify.ts";

/** The connection id of a path (a 400 when it cannot be one). */
function connectionIdOf(id: string): number {
  const connectionId = Number(id);
  if (!Number.isSafeInteger(connectionId) || connectionId <= 0) throw badRequest("Invalid connection id.");
  return connectionId;
}

export function createWordpressRouter(ctx: ServerContext): Router {
  const { router, route } = contractRouter(ctx);
  const checksPerUser = createRateLimit(
    ctx,
    "wordpress-checks-user",
    connectionCheckRateLimit,
    "Too many connection attempts in a short time. Please wait a minute.",
    { keyGenerator: (req: Request) => String(req.user?.id ?? "") },
  );

  route(contract.getWordpressConnection, async ({ user }) => ({
    status: 200,
    body: await getWordpressConnection(connectionDeps(ctx), { userId: user.id }),
  }));

  route(contract.listWordpressConnections, async ({ user }) => ({
    status: 200,
    body: (await listConnections(connectionDeps(ctx), { userId: user.id })).wordpress,
  }));

  route(
    contract.testWordpressConnection,
    async ({ body }) => {
      const { siteUrl, username, applicationPassword } = body();
      return {
        status: 200,
        body: await checkWordpressCredentials(connectionDeps(ctx), { siteUrl, username, applicationPassword }),
      };
    },
    [checksPerUser],
  );

  route(
    contract.saveWordpressConnection,
    async ({ user, body }) => ({
      status: 200,
      body: await saveWordpressConnection(connectionDeps(ctx), { userId: user.id, connection: body() }),
    }),
    [checksPerUser],
  );

  route(contract.disconnectWordpress, async ({ user }) => {
    await deleteConnection(connectionDeps(ctx), { userId: user.id, platform: "wordpress" });
    return { status: 200, body: { message: "WordPress site disconnected." } };
  });

  route(contract.disconnectWordpressSite, async ({ user, params }) => {
    const connectionId = connectionIdOf(params.id);
    await deleteConnection(connectionDeps(ctx), { userId: user.id, platform: "wordpress", connectionId });
    return { status: 200, body: { message: "WordPress site disconnected." } };
  });

  route(
    contract.checkWordpressPluginSite,
    async ({ user, params }) => {
      const connectionId = connectionIdOf(params.id);
      return { status: 200, body: await checkPluginSite(connectionDeps(ctx), { userId: user.id, connectionId }) };
    },
    [checksPerUser],
  );

  route(
    contract.startWordpressAuthorization,
    ({ user, body }) => {
      const { config } = ctx;
      return {
        status: 200,
        body: startWordpressAuthorization(
          {
            encryptionKey: config.encryptionKey,
            publicUrl: config.appUrl,
            allowPrivateNetworkTargets: config.allowPrivateNetworkTargets,
          },
          { userId: user.id, site: body() },
        ),
      };
    },
    [checksPerUser],
  );

  // A browser navigation from the WordPress site, carrying the new application password in its query string: the
  // request log records the path only (http/logging.ts), and the answer is always a redirect to the dashboard.
  route(
    contract.completeWordpressAuthorization,
    async ({ req, res, user }) => {
      res.setHeader("cache-control", "no-store");
      res.setHeader("referrer-policy", "no-referrer");
      const back = (outcome: Record<string, string>) =>
        ({ status: 303, location: `/?${new URLSearchParams(outcome).toString()}` }) as const;
      if (!user) return back({ wordpress_error: "Log in to Postwright, then choose Connect with WordPress again." });
      // Not query(): an answer that cannot be read still goes back to the dashboard, with the reason.
      const parsed = contract.completeWordpressAuthorization.query.safeParse(req.query);
      try {
        if (!parsed.success)
          throw badRequest("WordPress sent back an answer Postwright cannot read. Nothing was saved.");
        await completeWordpressAuthorization(connectionDeps(ctx), { userId: user.id, callback: parsed.data });
        return back({ wordpress: "connected" });
      } catch (error) {
        if (!isAppError(error) || error.status >= 500) {
          ctx.logger.error({ err: error, userId: user.id }, "Connecting a WordPress site through its approval failed");
          return back({ wordpress_error: "The WordPress site could not be connected. Please try again." });
        }
        return back({ wordpress_error: error.message });
      }
    },
    [checksPerUser],
  );

  return router;
}
