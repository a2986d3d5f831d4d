// The Postwright plugin created or published a post in its WordPress site by itself (from wp-admin): the post records
// the WordPress post id, and when it went live its WordPress publication, so the dashboard's post list shows it as
// published there. Drafts and posts scheduled inside WordPress only record the id: WordPress publishes those itself,
// and a publication waiting here would make the scheduler publish them a second time.
import type { WordpressPublicationInput } from "../../contracts/wordpress-plugin.ts";
import type { Prisma } from "../../db/index.ts";
import { notFound } from "../../errors/index.ts";
import { derivePostState } from "../../scheduling/derive-post-state.ts";

export async function recordWordpressPublication(
  deps: { prisma: Prisma; now?: () => Date },
  input: { userId: number; postId: number; publication: WordpressPublicationInput; wordpressConnectionId?: number },
): Promise<void> {
  const { userId, postId, publication } = input;
  const site = input.wordpressConnectionId !== undefined ? { wordpressConnectionId: input.wordpressConnectionId } : {};
  const now = deps.now?.() ?? new Date();
  await deps.prisma.$transaction(async (tx) => {
    const post = await tx.blogPost.findFirst({
      where: { id: postId, userId, ...site },
      select: { id: true, status: true },
    });
    if (!post) throw notFound("Blog post not found.");
    const remoteId = String(publication.wpPostId);
    if (publication.status === "publish") {
      const fields = {
        status: "published",
        remoteId,
        remoteUrl: publication.link,
        publishedAt: publication.date ? new Date(publication.date) : now,
        dueAt: null,
        leaseUntil: null,
        leaseOwner: null,
        lastError: null,
      };
      await tx.postPublication.upsert({
        where: { postId_platform: { postId, platform: "wordpress" } },
        create: { postId, userId, platform: "wordpress", attempts: 0, ...fields },
        update: fields,
      });
    }
    const publications = await tx.postPublication.findMany({ where: { postId, userId } });
    const state = derivePostState(publications, post.status);
    await tx.blogPost.updateMany({
      where: { id: postId, userId },
      data: {
        wordpressPostId: remoteId,
        status: state.status,
        isScheduled: state.isScheduled,
        lastError: state.lastError,
      },
    });
  });
}
