import type { BlogPostView } from "../contracts/blog.ts";
import type { Prisma } from "../db/index.ts";
import { toBlogPostView, withPublications } from "./to-blog-post-view.ts";

/** The user's posts, newest first. */
export async function listPosts({ prisma }: { prisma: Prisma }, userId: number): Promise<BlogPostView[]> {
  const rows = await prisma.blogPost.findMany({
    where: { userId },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    include: withPublications,
  });
  return rows.map(toBlogPostView);
}
