// The user's Shopify store connection (the dashboard's connection card and dialog).
//
//   GET    /api/shopify/connection         -> ShopifyConnectionView | null   (the store in use)
//   GET    /api/shopify/connections        -> ShopifyConnectionView[]        (all saved; several on professional)
//   POST   /api/shopify/test-connection    { storeUrl, accessToken | password } -> { valid, blogs, message? }
//   POST   /api/shopify/connection         { storeName, storeUrl, accessToken | password, blogId } -> view
//   DELETE /api/shopify/connection         disconnects the store in use -> { message }
//   DELETE /api/shopify/connections/:id    disconnects that store -> { message }
// The access token is checked against the store before it is saved, stored encrypted and never returned. Implemented
// from their declarations (@postwright/core/contracts, site-api/shopify.ts).
import type { Request, Router } from "express";
import { siteApiContract as contract } from "@postwright/core/contracts/site-api";
import { badRequest } from "@postwright/core/errors";
import {
  checkShopifyCredentials,
  deleteConnection,
  getShopifyConnection,
  listConnections,
  saveShopifyConnection,
} from "@postwright/core/connections";
import type { ServerContext } from "../context.ts";
import { contractRouter } from "../http/contract-routes.ts";
import { createRateLimit } from "../http/rate-limit.ts";
import { connectionDeps } from "./publishing.ts";

/** Checks against the user's store per user (tests and saves): each one sends the token to an address they typed. */
export const connectionCheckRateLimit = { windowMs: 60_000, limit: 20 } as const;

export function createShopifyRouter(ctx: ServerContext): Router {
  const { router, route } = contractRouter(ctx);
  const checksPerUser = createRateLimit(
    ctx,
    "shopify-checks-user",
    connectionCheckRateLimit,
    "Too many connection attempts in a short time. Please wait a minute.",
    { keyGenerator: (req: Request) => String(req.user?.id ?? "") },
  );

  route(contract.getShopifyConnection, async ({ user }) => ({
    status: 200,
    body: await getShopifyConnection(connectionDeps(ctx), { userId: user.id }),
  }));

  route(contract.listShopifyConnections, async ({ user }) => ({
    status: 200,
    body: (await listConnections(connectionDeps(ctx), { userId: user.id })).shopify,
  }));

  route(
    contract.testShopifyConnection,
    async ({ body }) => ({ status: 200, body: await checkShopifyCredentials(connectionDeps(ctx), body()) }),
    [checksPerUser],
  );

  route(
    contract.saveShopifyConnection,
    async ({ user, body }) => ({
      status: 200,
      body: await saveShopifyConnection(connectionDeps(ctx), { userId: user.id, connection: body() }),
    }),
    [checksPerUser],
  );

  route(contract.disconnectShopify, async ({ user }) => {
    await deleteConnection(connectionDeps(ctx), { userId: user.id, platform: "shopify" });
    return { status: 200, body: { message: "Shopify store disconnected." } };
  });

  route(contract.disconnectShopifyStore, async ({ user, params }) => {
    const connectionId = Number(params.id);
    if (!Number.isSafeInteger(connectionId) || connectionId <= 0) throw badRequest("Invalid connection id.");
    await deleteConnection(connectionDeps(ctx), { userId: user.id, platform: "shopify", connectionId });
    return { status: 200, body: { message: "Shopify store disconnected." } };
  });

  return router;
}
