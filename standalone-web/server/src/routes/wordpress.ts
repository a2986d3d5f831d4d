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
//   POST   /api/wordpress/authorize          { siteName, siteUrl } -> { authorizeUrl }: "Connect with WordPress",
//                                             the site's Authorize Application screen, with a signed state
//   GET    /api/wordpress/authorize/callback WordPress sends the browser back here (site_url, user_login, password,
//                                             or success=false); redirects to the dashboard with the outcome
// The application password is checked against the site before it is saved, stored encrypted and never returned.
// Requests to the site go through the safe fetch: private network addresses are refused unless the operator allows
// them (ALLOW_PRIVATE_NETWORK_TARGETS).
import { type Request, Router } from "express";
import {
  wordpressAuthorizationCallbackSchema,
  wordpressAuthorizationStartSchema,
  wordpressConnectionSchema,
  wordpressTestConnectionSchema,
} from "@postwright/core/contracts";
import { badRequest, isAppError, parseInput } from "@postwright/core/errors";
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

  router.post("/wordpress/authorize", requireUser, checksPerUser, (req, res) => {
    const site = parseInput(wordpressAuthorizationStartSchema, req.body);
    const { config } = ctx;
    res.json(
      startWordpressAuthorization(
        {
          encryptionKey: config.encryptionKey,
          publicUrl: config.appUrl,
          allowPrivateNetworkTargets: config.allowPrivateNetworkTargets,
        },
        { userId: currentUser(req).id, site },
      ),
    );
  });

  // A browser navigation from the WordPress site, carrying the new application password in its query string: the
  // request log records the path only (http/logging.ts), and the answer is always a redirect to the dashboard.
  router.get("/wordpress/authorize/callback", checksPerUser, async (req, res) => {
    res.setHeader("cache-control", "no-store");
    res.setHeader("referrer-policy", "no-referrer");
    const back = (outcome: Record<string, string>) => res.redirect(303, `/?${new URLSearchParams(outcome).toString()}`);
    if (!req.user) {
      back({ wordpress_error: "Log in to Postwright, then choose Connect with WordPress again." });
      return;
    }
    const parsed = wordpressAuthorizationCallbackSchema.safeParse(req.query);
    try {
      if (!parsed.success) throw badRequest("WordPress sent back an answer Postwright cannot read. Nothing was saved.");
      await completeWordpressAuthorization(connectionDeps(ctx), { userId: req.user.id, callback: parsed.data });
      back({ wordpress: "connected" });
    } catch (error) {
      if (!isAppError(error) || error.status >= 500) {
        ctx.logger.error({ err: error, userId: req.user.id }, "Connecting a WordPress site through its approval failed");
        back({ wordpress_error: "The WordPress site could not be connected. Please try again." });
        return;
      }
      back({ wordpress_error: error.message });
    }
  });

  return router;
}
