// Takes one link out of a post: every anchor to that address is unwrapped (its text stays in the sentence), the link
// leaves the post's list of links, and the SEO figures are worked out again.
import sanitizeHtml from "sanitize-html";
import type { BlogPostView, RemovePostLinkInput } from "../contracts/blog.ts";
import { htmlToPlainText, sanitizePostHtml } from "../content/index.ts";
import type { Prisma } from "../db/index.ts";
import { notFound } from "../errors/index.ts";
import { getPost } from "./get-post.ts";
import { scoreStoredPost } from "./score-stored-post.ts";

const sameAddress = (url: string) => url.trim().replace(/\/+$/, "");

export async function removePostLink(
  deps: { prisma: Prisma; siteUrl?: string },
  request: { userId: number; postId: number; input: RemovePostLinkInput },
): Promise<BlogPostView> {
  const { prisma } = deps;
  const { userId, postId, input } = request;
  const post = await prisma.blogPost.findFirst({ where: { id: postId, userId } });
  if (!post) throw notFound("Blog post not found.");
  const target = sameAddress(input.url);
  const unlinked = sanitizeHtml(post.htmlContent, {
    allowedTags: false,
    allowedAttributes: false,
    exclusiveFilter: (frame) =>
      frame.tag === "a" && sameAddress(frame.attribs.href ?? "") === target ? "excludeTag" : false,
  });
  // Stored HTML passes the post allowlist, whatever the step before it.
  const htmlContent = sanitizePostHtml(unlinked);
  const links = (Array.isArray(post.links) ? post.links : []).filter(
    (link) => !(link && typeof link === "object" && "url" in link && sameAddress(String(link.url)) === target),
  );
  await prisma.blogPost.updateMany({
    where: { id: postId, userId },
    data: {
      htmlContent,
      content: htmlToPlainText(htmlContent),
      links,
      ...scoreStoredPost({ ...post, htmlContent }, deps.siteUrl),
    },
  });
  return getPost({ prisma }, { userId, postId });
}
