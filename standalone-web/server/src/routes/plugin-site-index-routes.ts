// The plugin's view of its own site's index (the pages new posts link to), in the words every surface uses, and its
// Retry. The site credential reaches only its own site's index.
//
//   GET  /api/v1/site-index           -> { site, words }
//   POST /api/v1/site-index/refresh   -> { site, words }   (queues a new read of this site; one under way finishes)
//   POST /api/v1/site-index/changes   { changes } -> { applied, ignored }   (posts, pages, categories that changed)
import type { Request, Router } from "express";
import type { ApiV1Contract } from "@postwright/core/contracts/api-v1";
import type { SiteIdentity } from "@postwright/core/connections";
import { applyWordpressSiteChanges, getPluginSiteIndex, refreshPluginSiteIndex } from "@postwright/core/site-index";
import type { ServerContext } from "../context.ts";
import { implement } from "../http/contract-routes.ts";

export function addPluginSiteIndexRoutes(
  router: Router,
  ctx: ServerContext,
  contract: Pick<ApiV1Contract, "getSiteIndex" | "refreshSiteIndex" | "reportSiteChanges">,
  site: (req: Request) => SiteIdentity,
): void {
  const prisma = ctx.db.prisma;
  implement(router, contract.getSiteIndex, async ({ req }) => ({
    status: 200,
    body: await getPluginSiteIndex({ prisma }, site(req)),
  }));
  implement(router, contract.refreshSiteIndex, async ({ req }) => ({
    status: 200,
    body: await refreshPluginSiteIndex({ prisma }, site(req)),
  }));
  implement(router, contract.reportSiteChanges, async ({ req, body }) => ({
    status: 200,
    body: await applyWordpressSiteChanges({ prisma }, site(req), body()),
  }));
}
