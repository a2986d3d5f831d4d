// GET /api/store-products?q=: the products of the member's connected stores the write form can feature (the Shopify
// store in use, and WooCommerce on the WordPress site in use). Implemented from its declaration
// (@postwright/core/contracts, site-api/store-products.ts).
import type { Request, Router } from "express";
import { resolvePublishTarget } from "@postwright/core/connections";
import { siteApiContract as contract } from "@postwright/core/contracts/site-api";
import { searchStoreProducts } from "@postwright/core/facts";
import type { ServerContext } from "../context.ts";
import { contractRouter } from "../http/contract-routes.ts";
import { createRateLimit } from "../http/rate-limit.ts";
import { connectionDeps } from "./publishing.ts";

/** The picker searches as the owner types (after a pause): each search asks the stores once. */
export const storeProductSearchRateLimit = { windowMs: 60_000, limit: 60 } as const;

/** What the write form's product features need: the owner's store in use on each platform, as a target. */
export function storeProductsDeps(ctx: ServerContext) {
  const deps = connectionDeps(ctx);
  return {
    resolveTarget: (input: { userId: number; platform: "shopify" | "wordpress" }) => resolvePublishTarget(deps, input),
    logger: ctx.logger,
  };
}

export function createStoreProductsRouter(ctx: ServerContext): Router {
  const { router, route } = contractRouter(ctx);
  const searchesPerUser = createRateLimit(
    ctx,
    "store-product-search-user",
    storeProductSearchRateLimit,
    "Too many product searches in a short time. Please wait a minute.",
    { keyGenerator: (req: Request) => String(req.user?.id ?? "") },
  );

  route(
    contract.searchStoreProducts,
    async ({ user, query }) => ({
      status: 200,
      body: await searchStoreProducts(storeProductsDeps(ctx), { userId: user.id, words: query().q }),
    }),
    [searchesPerUser],
  );

  return router;
}
