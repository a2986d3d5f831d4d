// The approval screen of the Postwright plugin's "Connect to Postwright" (the client page /connect/wordpress):
//
//   GET  /api/connect/wordpress/preview   ?siteUrl&restUrl&returnUrl -> { site, reconnects, replaces }
//   POST /api/connect/wordpress/approve   { siteUrl, restUrl, state, returnUrl } -> { redirectUrl }
//
// The preview checks the addresses as the approval does (400 when the link is not valid) and says which connected
// site a plan with one site would turn off, so the page names it before the owner approves.
// Signed-in users only, and a same-origin write like every other (sameOriginWrites). redirectUrl is the plugin's
// page with a one-time code and the state; the plugin exchanges the code at POST /api/v1/connect/exchange.
import { Router } from "express";
import { wordpressConnectApprovalSchema, wordpressConnectPreviewSchema } from "@postwright/core/contracts";
import { parseInput } from "@postwright/core/errors";
import { approveWordpressPluginConnection, previewWordpressPluginConnection } from "@postwright/core/connections";
import type { ServerContext } from "../context.ts";
import { currentUser, requireUser } from "../http/auth.ts";

export function createWordpressPluginConnectRouter(ctx: ServerContext): Router {
  const router = Router();
  router.get("/connect/wordpress/preview", requireUser, async (req, res) => {
    const request = parseInput(wordpressConnectPreviewSchema, req.query);
    res.json(
      await previewWordpressPluginConnection(
        { prisma: ctx.db.prisma, allowPrivateNetworkTargets: ctx.config.allowPrivateNetworkTargets },
        { userId: currentUser(req).id, request },
      ),
    );
  });
  router.post("/connect/wordpress/approve", requireUser, async (req, res) => {
    const approval = parseInput(wordpressConnectApprovalSchema, req.body);
    res.json(
      await approveWordpressPluginConnection(
        { prisma: ctx.db.prisma, allowPrivateNetworkTargets: ctx.config.allowPrivateNetworkTargets },
        { userId: currentUser(req).id, approval },
      ),
    );
  });
  return router;
}
