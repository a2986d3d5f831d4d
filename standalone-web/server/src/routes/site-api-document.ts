// GET /api/openapi.json: the OpenAPI 3.1 document of the site's own API, generated from its declared routes
// (@postwright/core/contracts, site-api.ts).
import { Router } from "express";
import { buildSiteApiOpenApi } from "@postwright/core/contracts/openapi";
import type { ServerContext } from "../context.ts";

export function createSiteApiDocumentRouter(ctx: ServerContext): Router {
  const document = buildSiteApiOpenApi({ serverUrl: new URL("/api", ctx.config.appUrl).href });
  const router = Router();
  router.get("/openapi.json", (_req, res) => {
    res.json(document);
  });
  return router;
}
