// Publishing a post now, scheduling it and cancelling its schedule; and the connection dependencies shared by the
// Shopify and WordPress routers and the scheduler (one safe fetch per process).
//
//   POST   /api/blog-posts/:id/publish/shopify     -> { blogPost }   (502 with the platform's reason on failure)
//   POST   /api/blog-posts/:id/publish/wordpress   -> { blogPost }
//   POST   /api/blog-posts/:id/schedule            { scheduledDate, platforms } -> { blogPost }
//   DELETE /api/blog-posts/:id/schedule            -> { blogPost }
//   POST   /api/blog-posts/:id/product-facts       -> { blogPost }  (its Product facts report read from the store now)
//   GET    /api/site-index                         -> { sites }  (each connected site's index: state, pages, error)
//   POST   /api/site-index/refresh                 -> { sites }  (queues a new read of each connected site)
// Implemented from their declarations (@postwright/core/contracts, site-api/blog-posts.ts and site-api/site-index.ts).
import type { Router } from "express";
import { getPost, parsePostId, toBlogPostView } from "@postwright/core/blog";
import { checkPostFacts } from "@postwright/core/facts";
import { siteApiContract as contract } from "@postwright/core/contracts/site-api";
import {
  assertCanSchedule,
  createConnectionDeps,
  createPublishingDeps,
  type ConnectionDeps,
} from "@postwright/core/connections";
import { cancelSchedule, publishNow, schedulePost } from "@postwright/core/scheduling";
import { getSiteIndexStatus, requestSiteIndexRefresh } from "@postwright/core/site-index";
import type { ServerContext } from "../context.ts";
import { contractRouter } from "../http/contract-routes.ts";

const depsByContext = new WeakMap<ServerContext, ConnectionDeps>();

/** The connection dependencies of this server context, created on first use and shared from then on. */
export function connectionDeps(ctx: ServerContext): ConnectionDeps {
  let deps = depsByContext.get(ctx);
  if (!deps) {
    deps = createConnectionDeps({ prisma: ctx.db.prisma, config: ctx.config, logger: ctx.logger });
    depsByContext.set(ctx, deps);
  }
  return { ...deps, shopifyApiBaseUrl: ctx.shopifyApiBaseUrl };
}

export function createPublishingRouter(ctx: ServerContext): Router {
  const { router, route } = contractRouter(ctx);

  for (const [platform, declaration] of [
    ["shopify", contract.publishToShopify],
    ["wordpress", contract.publishToWordpress],
  ] as const) {
    route(declaration, async ({ user, params }) => {
      const postId = parsePostId(params.id);
      const deps = createPublishingDeps(connectionDeps(ctx), ctx.db);
      const { post } = await publishNow(deps, { userId: user.id, postId, platform });
      return { status: 200, body: { blogPost: toBlogPostView(post) } };
    });
  }

  route(contract.getSiteIndex, async ({ user }) => ({
    status: 200,
    body: { sites: await getSiteIndexStatus({ prisma: ctx.db.prisma }, { userId: user.id }) },
  }));

  route(contract.refreshSiteIndex, async ({ user }) => ({
    status: 200,
    body: { sites: await requestSiteIndexRefresh({ prisma: ctx.db.prisma }, { userId: user.id }) },
  }));

  route(contract.schedulePost, async ({ user, params, body }) => {
    const postId = parsePostId(params.id);
    const input = body();
    const deps = connectionDeps(ctx);
    const post = await schedulePost(
      { db: ctx.db, assertCanSchedule: (userId, list) => assertCanSchedule(deps, userId, list) },
      { userId: user.id, postId, scheduledDate: input.scheduledDate, platforms: input.platforms },
    );
    return { status: 200, body: { blogPost: toBlogPostView(post) } };
  });

  route(contract.checkProductFacts, async ({ user, params }) => {
    const postId = parsePostId(params.id);
    const { resolveTarget } = createPublishingDeps(connectionDeps(ctx), ctx.db);
    await checkPostFacts({ prisma: ctx.db.prisma, resolveTarget, logger: ctx.logger }, { userId: user.id, postId });
    return { status: 200, body: { blogPost: await getPost({ prisma: ctx.db.prisma }, { userId: user.id, postId }) } };
  });

  route(contract.cancelSchedule, async ({ user, params }) => {
    const postId = parsePostId(params.id);
    const post = await cancelSchedule({ db: ctx.db }, { userId: user.id, postId });
    return { status: 200, body: { blogPost: toBlogPostView(post) } };
  });

  return router;
}
