// Scheduling from the WordPress plugin: the same scheduler, plan rule and post state as the site's own schedule
// routes. The post is published to the calling site (its own connection) by the service's scheduler at its time,
// through the plugin's signed publish route; WordPress's own "future" status and cron are not used.
//
//   POST   /api/v1/posts/:id/schedule   { scheduledDate } -> BlogPostView (403 on a plan without scheduling)
//   DELETE /api/v1/posts/:id/schedule   -> BlogPostView (cancelling an unscheduled post changes nothing)
// Like every post route of the plugin API, they find only this site's own posts (another's is 404).
import type { Request, Router } from "express";
import { getPost, parsePostId, toBlogPostView } from "@postwright/core/blog";
import type { ApiV1Contract } from "@postwright/core/contracts/api-v1";
import { assertCanSchedule, type SiteIdentity } from "@postwright/core/connections";
import { cancelSchedule, schedulePost } from "@postwright/core/scheduling";
import type { ServerContext } from "../context.ts";
import { implement } from "../http/contract-routes.ts";
import { connectionDeps } from "./publishing.ts";

export function addPluginScheduleRoutes(
  router: Router,
  ctx: ServerContext,
  contract: Pick<ApiV1Contract, "schedulePost" | "cancelSchedule">,
  site: (req: Request) => SiteIdentity,
): void {
  const prisma = ctx.db.prisma;
  /** The site's own post (404 otherwise), as every post route of the plugin API finds it. */
  const ownPost = async (req: Request) => {
    const postId = parsePostId(String(req.params.id));
    const { userId, connectionId } = site(req);
    await getPost({ prisma }, { userId, postId, wordpressConnectionId: connectionId });
    return { userId, connectionId, postId };
  };

  implement(router, contract.schedulePost, async ({ req, body }) => {
    const { scheduledDate } = body();
    const { userId, connectionId, postId } = await ownPost(req);
    const deps = connectionDeps(ctx);
    const post = await schedulePost(
      { db: ctx.db, assertCanSchedule: (owner, list) => assertCanSchedule(deps, owner, list) },
      { userId, postId, scheduledDate, platforms: ["wordpress"], target: { connectionId, blogId: null } },
    );
    return { status: 200, body: toBlogPostView(post) };
  });

  implement(router, contract.cancelSchedule, async ({ req }) => {
    const { userId, postId } = await ownPost(req);
    const post = await cancelSchedule({ db: ctx.db }, { userId, postId });
    return { status: 200, body: toBlogPostView(post) };
  });
}
