// A post's slug is also the address it is published under, and the publishers find an article an interrupted
// attempt created by it: it must be unique among the owner's posts.
import type { Prisma } from "../db/index.ts";

/** The slug itself when no other post of the owner uses it, else the first free "<slug>-2", "<slug>-3"... */
export async function uniquePostSlug(
  prisma: Prisma,
  request: { userId: number; slug: string; exceptPostId?: number },
): Promise<string> {
  const { userId, slug, exceptPostId } = request;
  const taken = await prisma.blogPost.findMany({
    where: { userId, slug: { startsWith: slug }, ...(exceptPostId === undefined ? {} : { id: { not: exceptPostId } }) },
    select: { slug: true },
  });
  const used = new Set(taken.map((row) => row.slug));
  if (!used.has(slug)) return slug;
  for (let n = 2; ; n++) if (!used.has(`${slug}-${n}`)) return `${slug}-${n}`;
}
