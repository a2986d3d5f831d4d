// The user's WordPress site connection (the dashboard's WordPress form).
//
//   GET    /api/wordpress/connection         -> WordpressConnectionView | null   (the site in use)
//   GET    /api/wordpress/connections        -> WordpressConnectionView[]        (all saved; several on professional)
//   POST   /api/wordpress/test-connection    { siteUrl, username, applicationPassword } -> { valid, message?, user? }
//   POST   /api/wordpress/connection         { siteName, siteUrl, username, applicationPassword, isActive } -> view
//   DELETE /api/wordpress/connection         disconnects the site in use -> { message }
//   DELETE /api/wordpress/connections/:id    disconnects that site -> { message }
//   POST   /api/wordpress/connections/:id/check  a site connected through the plugin: signed ping
//                                             -> { valid, message?, version? }
// The application password is checked against the site before it is saved, stored encrypted and never returned.
// Requests to the site go through the safe fetch: private network addresses are refused unless the operator allows
// them (ALLOW_PRIVATE_NETWORK_TARGETS).
import { type Request, Router } from "express";
import { wordpressConnectionSchema, wordpressTestConnectionSchema } from "@postwright/core/contracts";
import { badRequest, parseInput } from "@postwright/core/errors";
import {
  checkPluginSite,
  checkWordpressCredentials,
  deleteConnection,
  getWordpressConnection,
  listConnections,
  saveWordpressConnection,
} from "@postwright/core/publishing";
import type { ServerContext } from "../context.ts";
import { currentUser, requireUser } from "../http/auth.ts";
import { createRateLimit } from "../http/rate-limit.ts";
import { connectionDeps } from "./publishing.ts";
import { connectionCheckRateLimit } from "./shopify.ts";

export function createWordpressRouter(ctx: ServerContext): Router {
  const router = Router();
  const checksPerUser = createRateLimit(
    ctx,
    "wordpress-checks-user",
    connectionCheckRateLimit,
    "Too many connection attempts in a short time. Please wait a minute.",
    { keyGenerator: (req: Request) => String(req.user?.id ?? "") },
  );

  router.get("/wordpress/connection", requireUser, async (req, res) => {
    res.json(await getWordpressConnection(connectionDeps(ctx), { userId: currentUser(req).id }));
  });

  router.get("/wordpress/connections", requireUser, async (req, res) => {
    res.json((await listConnections(connectionDeps(ctx), { userId: currentUser(req).id })).wordpress);
  });

  router.post("/wordpress/test-connection", requireUser, checksPerUser, async (req, res) => {
    const { siteUrl, username, applicationPassword } = parseInput(wordpressTestConnectionSchema, req.body);
    res.json(await checkWordpressCredentials(connectionDeps(ctx), { siteUrl, username, applicationPassword }));
  });

  router.post("/wordpress/connection", requireUser, checksPerUser, async (req, res) => {
    const connection = parseInput(wordpressConnectionSchema, req.body);
    res.json(await saveWordpressConnection(connectionDeps(ctx), { userId: currentUser(req).id, connection }));
  });

  router.delete("/wordpress/connection", requireUser, async (req, res) => {
    await deleteConnection(connectionDeps(ctx), { userId: currentUser(req).id, platform: "wordpress" });
    res.json({ message: "WordPress site disconnected." });
  });

  router.delete("/wordpress/connections/:id", requireUser, async (req, res) => {
    const connectionId = Number(req.params.id);
    if (!Number.isSafeInteger(connectionId) || connectionId <= 0) throw badRequest("Invalid connection id.");
    await deleteConnection(connectionDeps(ctx), { userId: currentUser(req).id, platform: "wordpress", connectionId });
    res.json({ message: "WordPress site disconnected." });
  });

  router.post("/wordpress/connections/:id/check", requireUser, checksPerUser, async (req, res) => {
    const connectionId = Number(req.params.id);
    if (!Number.isSafeInteger(connectionId) || connectionId <= 0) throw badRequest("Invalid connection id.");
    res.json(await checkPluginSite(connectionDeps(ctx), { userId: currentUser(req).id, connectionId }));
  });

  return router;
}
