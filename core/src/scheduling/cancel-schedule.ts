// Cancels a post's schedule: publications still waiting (or failed and waiting for the user) are cancelled. The post
// goes back to "published" when it is live on some platform from an earlier publication, else to "draft". A
// publication already in flight is not interrupted; it finishes and the post's status follows its result. Cancelling
// a post that is not scheduled changes nothing (a second click is harmless).
import type { Database } from "../db/index.ts";
import { notFound } from "../errors/index.ts";
import { derivePostState } from "./derive-post-state.ts";
import { readPostWithPublications } from "./read-post-with-publications.ts";
import type { PostWithPublications } from "./types.ts";

export interface CancelScheduleInput {
  userId: number;
  postId: number;
}

export async function cancelSchedule(deps: { db: Database }, input: CancelScheduleInput): Promise<PostWithPublications> {
  return deps.db.prisma.$transaction(
    async (tx) => {
      const [post] = await tx.$queryRaw<Array<{ status: string }>>`
        SELECT "status" FROM "custom_blog_posts" WHERE "id" = ${input.postId} AND "userId" = ${input.userId} FOR NO KEY UPDATE`;
      if (!post) throw notFound("Blog post not found.");
      await tx.postPublication.updateMany({
        where: { postId: input.postId, status: { in: ["pending", "failed", "held"] } },
        data: { status: "cancelled" },
      });
      const publications = await tx.postPublication.findMany({ where: { postId: input.postId } });
      await tx.blogPost.update({
        where: { id: input.postId },
        data: { ...derivePostState(publications, post.status), scheduledPublishDate: null, scheduledPlatforms: [] },
      });
      return readPostWithPublications(tx, input);
    },
    { maxWait: 15_000, timeout: 30_000 },
  );
}
