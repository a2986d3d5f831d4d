import type { BlogPostView } from "../contracts/blog.ts";
import type { Prisma } from "../db/index.ts";
import { notFound } from "../errors/index.ts";
import { measurePostVoice } from "../voice/measure-post-voice.ts";
import { toBlogPostView, withPublications } from "./to-blog-post-view.ts";

/**
 * One of the user's posts; another user's post is "not found", exactly like a missing one. With
 * `wordpressConnectionId` (a site calling through the plugin API) only the posts belonging to that site are found.
 */
export async function getPost(
  { prisma }: { prisma: Prisma },
  input: { userId: number; postId: number; wordpressConnectionId?: number },
): Promise<BlogPostView> {
  const row = await prisma.blogPost.findFirst({
    where: {
      id: input.postId,
      userId: input.userId,
      ...(input.wordpressConnectionId !== undefined ? { wordpressConnectionId: input.wordpressConnectionId } : {}),
    },
    include: withPublications,
  });
  if (!row) throw notFound("Blog post not found.");
  const voiceMatch = await measurePostVoice({ prisma }, row);
  return { ...toBlogPostView(row), ...(voiceMatch ? { voiceMatch } : {}) };
}
