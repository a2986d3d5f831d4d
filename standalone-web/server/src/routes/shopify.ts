// The user's Shopify store connection (the dashboard's connection card and dialog).
//
//   GET    /api/shopify/connection         -> ShopifyConnectionView | null   (the store in use)
//   GET    /api/shopify/connections        -> ShopifyConnectionView[]        (all saved; several on professional)
//   POST   /api/shopify/test-connection    { storeUrl, accessToken | password } -> { valid, blogs, message? }
//   POST   /api/shopify/connection         { storeName, storeUrl, accessToken | password, blogId } -> view
//   DELETE /api/shopify/connection         disconnects the store in use -> { message }
//   DELETE /api/shopify/connections/:id    disconnects that store -> { message }
// The access token is checked against the store before it is saved, stored encrypted and never returned.
import { type Request, Router } from "express";
import { shopifyConnectionSchema, shopifyTestConnectionSchema } from "@postwright/core/contracts";
import { badRequest, parseInput } from "@postwright/core/errors";
import {
  checkShopifyCredentials,
  deleteConnection,
  getShopifyConnection,
  listConnections,
  saveShopifyConnection,
} from "@postwright/core/publishing";
import type { ServerContext } from "../context.ts";
import { currentUser, requireUser } from "../http/auth.ts";
import { createRateLimit } from "../http/rate-limit.ts";
import { connectionDeps } from "./publishing.ts";

/** Checks against the user's store per user (tests and saves): each one sends the token to an address they typed. */
export const connectionCheckRateLimit = { windowMs: 60_000, limit: 20 } as const;

export function createShopifyRouter(ctx: ServerContext): Router {
  const router = Router();
  const checksPerUser = createRateLimit(
    ctx,
    "shopify-checks-user",
    connectionCheckRateLimit,
    "Too many connection attempts in a short time. Please wait a minute.",
    { keyGenerator: (req: Request) => String(req.user?.id ?? "") },
  );

  router.get("/shopify/connection", requireUser, async (req, res) => {
    res.json(await getShopifyConnection(connectionDeps(ctx), { userId: currentUser(req).id }));
  });

  router.get("/shopify/connections", requireUser, async (req, res) => {
    res.json((await listConnections(connectionDeps(ctx), { userId: currentUser(req).id })).shopify);
  });

  router.post("/shopify/test-connection", requireUser, checksPerUser, async (req, res) => {
    const input = parseInput(shopifyTestConnectionSchema, req.body);
    res.json(await checkShopifyCredentials(connectionDeps(ctx), input));
  });

  router.post("/shopify/connection", requireUser, checksPerUser, async (req, res) => {
    const connection = parseInput(shopifyConnectionSchema, req.body);
    res.json(await saveShopifyConnection(connectionDeps(ctx), { userId: currentUser(req).id, connection }));
  });

  router.delete("/shopify/connection", requireUser, async (req, res) => {
    await deleteConnection(connectionDeps(ctx), { userId: currentUser(req).id, platform: "shopify" });
    res.json({ message: "Shopify store disconnected." });
  });

  router.delete("/shopify/connections/:id", requireUser, async (req, res) => {
    const connectionId = Number(req.params.id);
    if (!Number.isSafeInteger(connectionId) || connectionId <= 0) throw badRequest("Invalid connection id.");
    await deleteConnection(connectionDeps(ctx), { userId: currentUser(req).id, platform: "shopify", connectionId });
    res.json({ message: "Shopify store disconnected." });
  });

  return router;
}
