import type { BlogPostView } from "../contracts/blog.ts";
import type { Prisma } from "../db/index.ts";
import { toBlogPostView, withPublications } from "./to-blog-post-view.ts";

/** The user's posts waiting for a scheduled publication, the next one due first. */
export async function listScheduledPosts({ prisma }: { prisma: Prisma }, userId: number): Promise<BlogPostView[]> {
  const rows = await prisma.blogPost.findMany({
    where: { userId, isScheduled: true },
    orderBy: [{ scheduledPublishDate: { sort: "asc", nulls: "last" } }, { id: "asc" }],
    include: withPublications,
  });
  return rows.map(toBlogPostView);
}
