// Publishing a post now, scheduling it and cancelling its schedule; and the connection dependencies shared by the
// Shopify and WordPress routers and the scheduler (one safe fetch per process).
//
//   POST   /api/blog-posts/:id/publish/shopify     -> { blogPost }   (502 with the platform's reason on failure)
//   POST   /api/blog-posts/:id/publish/wordpress   -> { blogPost }
//   POST   /api/blog-posts/:id/schedule            { scheduledDate, platforms } -> { blogPost }
//   DELETE /api/blog-posts/:id/schedule            -> { blogPost }
//   GET    /api/site-index                         -> { sites }  (each connected site's index: state, pages, error)
//   POST   /api/site-index/refresh                 -> { sites }  (queues a new read of each connected site)
import { Router } from "express";
import { parsePostId, toBlogPostView } from "@postwright/core/blog";
import { platforms, schedulePostSchema } from "@postwright/core/contracts";
import { parseInput } from "@postwright/core/errors";
import {
  assertCanSchedule,
  createConnectionDeps,
  createPublishingDeps,
  type ConnectionDeps,
} from "@postwright/core/publishing";
import { cancelSchedule, publishNow, schedulePost } from "@postwright/core/scheduling";
import { getSiteIndexStatus, requestSiteIndexRefresh } from "@postwright/core/site-index";
import type { ServerContext } from "../context.ts";
import { currentUser, requireUser } from "../http/auth.ts";

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
  const router = Router();

  for (const platform of platforms) {
    router.post(`/blog-posts/:id/publish/${platform}`, requireUser, async (req, res) => {
      const postId = parsePostId(String(req.params.id));
      const deps = createPublishingDeps(connectionDeps(ctx), ctx.db);
      const { post } = await publishNow(deps, { userId: currentUser(req).id, postId, platform });
      res.json({ blogPost: toBlogPostView(post) });
    });
  }

  router.get("/site-index", requireUser, async (req, res) => {
    res.json({ sites: await getSiteIndexStatus({ prisma: ctx.db.prisma }, { userId: currentUser(req).id }) });
  });

  router.post("/site-index/refresh", requireUser, async (req, res) => {
    res.json({ sites: await requestSiteIndexRefresh({ prisma: ctx.db.prisma }, { userId: currentUser(req).id }) });
  });

  router.post("/blog-posts/:id/schedule", requireUser, async (req, res) => {
    const postId = parsePostId(String(req.params.id));
    const input = parseInput(schedulePostSchema, req.body);
    const deps = connectionDeps(ctx);
    const post = await schedulePost(
      { db: ctx.db, assertCanSchedule: (userId, list) => assertCanSchedule(deps, userId, list) },
      { userId: currentUser(req).id, postId, scheduledDate: input.scheduledDate, platforms: input.platforms },
    );
    res.json({ blogPost: toBlogPostView(post) });
  });

  router.delete("/blog-posts/:id/schedule", requireUser, async (req, res) => {
    const postId = parsePostId(String(req.params.id));
    const post = await cancelSchedule({ db: ctx.db }, { userId: currentUser(req).id, postId });
    res.json({ blogPost: toBlogPostView(post) });
  });

  return router;
}
