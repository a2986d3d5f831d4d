// GET /api/openapi.json: the OpenAPI 3.1 document of the site's own API, generated from its declared routes
// (@postwright/core/contracts, site-api.ts).
import type { Router } from "express";
import { buildSiteApiOpenApi } from "@postwright/core/contracts/openapi";
import { siteApiContract as contract } from "@postwright/core/contracts/site-api";
import type { ServerContext } from "../context.ts";
import { contractRouter } from "../http/contract-routes.ts";
import { SESSION_COOKIE } from "../http/session.ts";

/** The document of the site's API served at `appUrl`. */
export function siteApiDocument(appUrl: string) {
  return buildSiteApiOpenApi({ serverUrl: new URL("/api", appUrl).href, sessionCookie: SESSION_COOKIE });
}

export function createSiteApiDocumentRouter(ctx: ServerContext): Router {
  const document = siteApiDocument(ctx.config.appUrl);
  const { router, route } = contractRouter(ctx);
  route(contract.openApi, () => ({ status: 200, body: document }));
  return router;
}
