// The approval screen of the Postwright plugin's "Connect to Postwright" (the client page /connect/wordpress):
//
//   POST /api/connect/wordpress/approve   { siteUrl, restUrl, state, returnUrl } -> { redirectUrl }
//
// Signed-in users only, and a same-origin write like every other (sameOriginWrites). redirectUrl is the plugin's
// page with a one-time code and the state; the plugin exchanges the code at POST /api/v1/connect/exchange.
import { Router } from "express";
import { wordpressConnectApprovalSchema } from "@postwright/core/contracts";
import { parseInput } from "@postwright/core/errors";
import { approveWordpressPluginConnection } from "@postwright/core/publishing";
import type { ServerContext } from "../context.ts";
import { currentUser, requireUser } from "../http/auth.ts";

export function createWordpressPluginConnectRouter(ctx: ServerContext): Router {
  const router = Router();
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
