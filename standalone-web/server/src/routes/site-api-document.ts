// GET /api/openapi.json: the OpenAPI 3.1 document of the site's own API, generated from its declared routes
// (@postwright/core/contracts, site-api.ts).
import { Router } from "express";
import { buildSiteApiOpenApi } from "@postwright/core/contracts/openapi";
import type { ServerContext } from "../context.ts";
import { SESSION_COOKIE } from "../http/session.ts";

/** The document of the site's API served at `appUrl`. */
export function siteApiDocument(appUrl: string) {
  return buildSiteApiOpenApi({ serverUrl: new URL("/api", appUrl).href, sessionCookie: SESSION_COOKIE });
}

export function createSiteApiDocumentRouter(ctx: ServerContext): Router {
  const document = siteApiDocument(ctx.config.appUrl);
  const router = Router();
  router.get("/openapi.json", (_req, res) => {
    res.json(document);
  });
  return router;
}
