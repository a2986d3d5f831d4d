// Schedules a post (or reschedules it: the same call) for publication on one or more platforms. Entitlements (the
// plan allows scheduling, a connection exists for each platform) are the caller's: pass assertCanSchedule, which
// throws an AppError the user can act on, and it runs after the post's ownership is checked.
import { platforms as knownPlatforms, type Platform } from "../contracts/blog.ts";
import type { Database } from "../db/index.ts";
import { badRequest, conflict, notFound } from "../errors/index.ts";
import { derivePostState } from "./derive-post-state.ts";
import { readPostWithPublications } from "./read-post-with-publications.ts";
import { platformLabels, type PostWithPublications } from "./types.ts";

export interface SchedulePostDeps {
  db: Database;
  assertCanSchedule?: (userId: number, platforms: Platform[]) => Promise<void>;
}

export interface SchedulePostInput {
  userId: number;
  postId: number;
  /** An ISO 8601 date-time with an offset (as the schedule form sends it) or a Date. */
  scheduledDate: string | Date;
  platforms: readonly string[];
  now?: Date;
  /**
   * Where it goes, when not to the owner's current connection of the platform (a content plan's own connection and
   * blog). Left out, a rescheduled publication keeps the target it had.
   */
  target?: { connectionId: number | null; blogId: string | null };
}

export async function schedulePost(deps: SchedulePostDeps, input: SchedulePostInput): Promise<PostWithPublications> {
  const { db } = deps;
  const dueAt = input.scheduledDate instanceof Date ? input.scheduledDate : new Date(input.scheduledDate);
  if (Number.isNaN(dueAt.getTime())) throw badRequest("Choose a valid date and time.");
  if (dueAt.getTime() <= (input.now ?? new Date()).getTime()) throw badRequest("Choose a time in the future.");
  const platforms = [...new Set(input.platforms)];
  if (!platforms.length) throw badRequest("Choose at least one platform.");
  if (!platforms.every(isPlatform)) throw badRequest("Platforms must be shopify or wordpress.");

  const owned = await db.prisma.blogPost.findFirst({ where: { id: input.postId, userId: input.userId }, select: { id: true } });
  if (!owned) throw notFound("Blog post not found.");
  await deps.assertCanSchedule?.(input.userId, platforms);

  return db.prisma.$transaction(
    async (tx) => {
      const [post] = await tx.$queryRaw<Array<{ status: string }>>`
        SELECT "status" FROM "custom_blog_posts" WHERE "id" = ${input.postId} AND "userId" = ${input.userId} FOR NO KEY UPDATE`;
      if (!post) throw notFound("Blog post not found.");
      // Locked so a scheduler cannot claim one of them between this check and the writes below.
      const existing = await tx.$queryRaw<Array<{ platform: string; status: string }>>`
        SELECT "platform", "status" FROM "post_publications" WHERE "postId" = ${input.postId} FOR UPDATE`;
      const busy = existing.find((p) => p.status === "publishing" && platforms.includes(p.platform as Platform));
      if (busy) {
        const label = platformLabels[busy.platform as Platform];
        throw conflict(`This post is being published to ${label} right now. Try again in a minute.`);
      }
      const reset = {
        status: "pending",
        dueAt,
        attempts: 0,
        lastError: null,
        leaseOwner: null,
        leaseUntil: null,
        ...(input.target ? { connectionId: input.target.connectionId, blogId: input.target.blogId } : {}),
      };
      for (const platform of platforms) {
        await tx.postPublication.upsert({
          where: { postId_platform: { postId: input.postId, platform } },
          update: reset,
          create: { ...reset, postId: input.postId, userId: input.userId, platform },
        });
      }
      await tx.postPublication.updateMany({
        where: { postId: input.postId, platform: { notIn: platforms }, status: { in: ["pending", "failed", "held"] } },
        data: { status: "cancelled" },
      });
      const publications = await tx.postPublication.findMany({ where: { postId: input.postId } });
      await tx.blogPost.update({
        where: { id: input.postId },
        data: { ...derivePostState(publications, post.status), scheduledPublishDate: dueAt, scheduledPlatforms: platforms },
      });
      return readPostWithPublications(tx, input);
    },
    { maxWait: 15_000, timeout: 30_000 },
  );
}

function isPlatform(value: string): value is Platform {
  return (knownPlatforms as readonly string[]).includes(value);
}
