// "Your posts" on the site's API, implemented from its declaration (@postwright/core/contracts, site-api/site-posts.ts):
//   GET /api/site-posts?platform=&page=&pageSize=  -> { site, posts, page, pageSize, total }
// The posts are analysed in the background (@postwright/core/site-posts); this only reads the member's own.
import type { Router } from "express";
import { siteApiContract as contract } from "@postwright/core/contracts/site-api";
import { listSitePosts } from "@postwright/core/site-posts";
import type { ServerContext } from "../context.ts";
import { contractRouter } from "../http/contract-routes.ts";

export function createSitePostsRouter(ctx: ServerContext): Router {
  const { router, route } = contractRouter(ctx);
  route(contract.listSitePosts, async ({ user, query }) => {
    const { platform, page, pageSize } = query();
    return {
      status: 200,
      body: await listSitePosts({ prisma: ctx.db.prisma }, { userId: user.id, platform, page, pageSize }),
    };
  });
  return router;
}
