// The approval screen of the Postwright plugin's "Connect to Postwright" (the client page /connect/wordpress),
// implemented from its declarations (@postwright/core/contracts, site-api/wordpress-plugin-connect.ts):
//
//   GET  /api/connect/wordpress/preview   ?siteUrl&restUrl&returnUrl -> { site, reconnects, replaces }
//   POST /api/connect/wordpress/approve   { siteUrl, restUrl, state, returnUrl } -> { redirectUrl }
//
// The preview checks the addresses as the approval does (400 when the link is not valid) and says which connected
// site a plan with one site would turn off, so the page names it before the owner approves.
// Signed-in users only, and a same-origin write like every other (sameOriginWrites). redirectUrl is the plugin's
// page with a one-time code and the state; the plugin exchanges the code at POST /api/v1/connect/exchange.
import type { Router } from "express";
import { siteApiContract as contract } from "@postwright/core/contracts/site-api";
import { approveWordpressPluginConnection, previewWordpressPluginConnection } from "@postwright/core/connections";
import type { ServerContext } from "../context.ts";
import { contractRouter } from "../http/contract-routes.ts";

export function createWordpressPluginConnectRouter(ctx: ServerContext): Router {
  const { router, route } = contractRouter(ctx);
  const deps = { prisma: ctx.db.prisma, allowPrivateNetworkTargets: ctx.config.allowPrivateNetworkTargets };
  route(contract.previewWordpressPluginConnection, async ({ user, query }) => ({
    status: 200,
    body: await previewWordpressPluginConnection(deps, { userId: user.id, request: query() }),
  }));
  route(contract.approveWordpressPluginConnection, async ({ user, body }) => ({
    status: 200,
    body: await approveWordpressPluginConnection(deps, { userId: user.id, approval: body() }),
  }));
  return router;
}
