import type { AccountExport } from "../contracts/account.ts";
import type { Prisma } from "../db/client.ts";
import { AppError } from "../errors/index.ts";

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/**
 * Everything the account holds, as a person can read and take elsewhere: account details, usage, posts, connections
 * and sign-ins. Secrets stay out: no password hash, no access tokens or application passwords, no billing ids, no
 * session ids.
 */
export async function exportAccountData(
  deps: { prisma: Prisma; now?: () => Date },
  input: { userId: number },
): Promise<AccountExport> {
  const { prisma } = deps;
  const user = await prisma.user.findUnique({ where: { id: input.userId } });
  if (!user) throw new AppError("UNAUTHORIZED", "Unauthorized");
  const where = { userId: user.id };
  const [usage, posts, shopify, wordpress, sessions] = await Promise.all([
    prisma.userUsage.findMany({ where, orderBy: { monthYear: "asc" } }),
    prisma.blogPost.findMany({ where, orderBy: { id: "asc" } }),
    prisma.shopifyConnection.findMany({
      where,
      orderBy: { id: "asc" },
      select: { storeName: true, storeUrl: true, blogId: true, createdAt: true },
    }),
    prisma.wordpressConnection.findMany({
      where,
      orderBy: { id: "asc" },
      select: { siteName: true, siteUrl: true, username: true, createdAt: true },
    }),
    prisma.session.findMany({
      where,
      orderBy: { createdAt: "asc" },
      select: { userAgent: true, ipAddress: true, createdAt: true, signedInAt: true, lastSeenAt: true, expire: true },
    }),
  ]);
  return {
    exportedAt: (deps.now ? deps.now() : new Date()).toISOString(),
    account: {
      id: user.id,
      email: user.email,
      firstName: user.firstName,
      lastName: user.lastName,
      createdAt: user.createdAt.toISOString(),
      subscriptionPlan: user.subscriptionPlan,
      subscriptionStatus: user.subscriptionStatus,
      subscriptionEndDate: iso(user.subscriptionEndDate),
    },
    usage: usage.map((u) => ({
      monthYear: u.monthYear,
      blogPostsGenerated: u.blogPostsGenerated,
      blogPostsPublished: u.blogPostsPublished,
    })),
    posts: posts.map((post) => ({
      id: post.id,
      title: post.title,
      status: post.status,
      metaDescription: post.metaDescription,
      keywords: post.keywords,
      htmlContent: post.htmlContent,
      wordCount: post.wordCount,
      seoScore: post.seoScore,
      images: post.images,
      links: post.links,
      createdAt: post.createdAt.toISOString(),
      updatedAt: post.updatedAt.toISOString(),
      scheduledPublishDate: iso(post.scheduledPublishDate),
    })),
    connections: {
      shopify: shopify.map((c) => ({ ...c, createdAt: c.createdAt.toISOString() })),
      wordpress: wordpress.map((c) => ({ ...c, createdAt: c.createdAt.toISOString() })),
    },
    sessions: sessions.map((s) => ({
      userAgent: s.userAgent,
      ipAddress: s.ipAddress,
      createdAt: (s.signedInAt ?? s.createdAt).toISOString(),
      lastSeenAt: s.lastSeenAt.toISOString(),
      expiresAt: s.expire.toISOString(),
    })),
  };
}
