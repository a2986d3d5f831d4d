// Users and posts for scheduler tests, written straight to the database.
import { randomUUID } from "node:crypto";
import type { Database } from "@postwright/core/db";

export async function seedUser(db: Database, name = "Ada"): Promise<number> {
  const user = await db.prisma.user.create({
    data: { email: `${name.toLowerCase()}-${randomUUID()}@example.com`, password: "x", firstName: name, lastName: "Writer" },
  });
  return user.id;
}

export async function seedPost(db: Database, userId: number, title = "Ten ways to brew better coffee"): Promise<number> {
  const post = await db.prisma.blogPost.create({
    data: { userId, title, content: "Brew it fresh.", htmlContent: "<p>Brew it fresh.</p>", keywords: ["coffee"] },
  });
  return post.id;
}

export async function seedPosts(db: Database, userId: number, count: number): Promise<number[]> {
  const prefix = randomUUID().slice(0, 8);
  await db.prisma.blogPost.createMany({
    data: Array.from({ length: count }, (_, i) => ({
      userId,
      title: `Post ${prefix} number ${i}`,
      content: "Body",
      htmlContent: "<p>Body</p>",
      keywords: ["seo"],
    })),
  });
  const posts = await db.prisma.blogPost.findMany({
    where: { userId, title: { startsWith: `Post ${prefix} ` } },
    select: { id: true },
    orderBy: { id: "asc" },
  });
  return posts.map((p) => p.id);
}
