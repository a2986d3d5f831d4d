// The post as the scheduling functions return it: the row with its publications (one per platform).
import type { Prisma, PrismaNamespace } from "../db/index.ts";
import { notFound } from "../errors/index.ts";
import type { PostWithPublications } from "./types.ts";

type Client = Prisma | PrismaNamespace.TransactionClient;

export async function readPostWithPublications(
  client: Client,
  where: { postId: number; userId: number },
): Promise<PostWithPublications> {
  const post = await client.blogPost.findFirst({
    where: { id: where.postId, userId: where.userId },
    include: { publications: { orderBy: { platform: "asc" } } },
  });
  if (!post) throw notFound("Blog post not found.");
  return post;
}
