// Saves an edit from the rich-text editor (or a new title or meta description). The HTML goes through the same
// allowlist as generated posts, and the figures shown beside the post (plain text, word count, reading time, SEO
// score and checks) are worked out again from what was saved.
import type { BlogPostView, UpdatePostInput } from "../contracts/blog.ts";
import { htmlToPlainText, sanitizePostHtml } from "../content/index.ts";
import type { Prisma } from "../db/index.ts";
import { badRequest, notFound } from "../errors/index.ts";
import { analyzeSeo } from "../seo/index.ts";
import { getPost } from "./get-post.ts";

export interface UpdatePostDeps {
  prisma: Prisma;
  /** The site's public address, which tells internal links from outbound ones in the SEO checks. */
  siteUrl?: string;
}

export interface UpdatePostRequest {
  userId: number;
  postId: number;
  patch: UpdatePostInput;
}

export async function updatePost(deps: UpdatePostDeps, request: UpdatePostRequest): Promise<BlogPostView> {
  const { prisma } = deps;
  const { userId, postId, patch } = request;
  const current = await prisma.blogPost.findFirst({
    where: { id: postId, userId },
    select: { title: true, metaDescription: true, htmlContent: true, keywords: true },
  });
  if (!current) throw notFound("Blog post not found.");

  const title = patch.title ?? current.title;
  const metaDescription = patch.metaDescription !== undefined ? patch.metaDescription || null : current.metaDescription;
  const htmlContent = patch.htmlContent !== undefined ? sanitizePostHtml(patch.htmlContent) : current.htmlContent;
  const content = htmlToPlainText(htmlContent);
  if (patch.htmlContent !== undefined && !content.trim() && !/<img\b/i.test(htmlContent)) {
    throw badRequest("Content cannot be empty");
  }

  const seo = analyzeSeo({
    title,
    metaDescription: metaDescription ?? "",
    html: htmlContent,
    keyphrase: current.keywords[0] ?? "",
    keywords: current.keywords,
    siteUrl: deps.siteUrl,
  });
  const updated = await prisma.blogPost.updateMany({
    where: { id: postId, userId },
    data: {
      title,
      metaDescription,
      htmlContent,
      content,
      wordCount: seo.wordCount,
      readingTime: seo.readingTime,
      seoScore: seo.score,
      seoChecks: seo.checks.map(({ id, label, status, message }) => ({ id, label, status, message })),
    },
  });
  if (updated.count === 0) throw notFound("Blog post not found.");
  return getPost({ prisma }, { userId, postId });
}
