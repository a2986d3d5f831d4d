// "Your posts" for the plugin: its own site's published posts, analysed, highest opportunity first.
//   GET /api/v1/site-posts?page=&pageSize=  -> { site, posts, page, pageSize, total }
// The site credential reaches only its own site's posts.
import type { Request, Router } from "express";
import type { ApiV1Contract } from "@postwright/core/contracts/api-v1";
import type { SiteIdentity } from "@postwright/core/connections";
import { listSitePosts } from "@postwright/core/site-posts";
import type { ServerContext } from "../context.ts";
import { implement } from "../http/contract-routes.ts";

export function addPluginSitePostsRoutes(
  router: Router,
  ctx: ServerContext,
  contract: Pick<ApiV1Contract, "listSitePosts">,
  site: (req: Request) => SiteIdentity,
): void {
  implement(router, contract.listSitePosts, async ({ req, query }) => {
    const { userId, connectionId } = site(req);
    const { page, pageSize } = query();
    return {
      status: 200,
      body: await listSitePosts(
        { prisma: ctx.db.prisma },
        { userId, platform: "wordpress", connectionId, page, pageSize },
      ),
    };
  });
}
