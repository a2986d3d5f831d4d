// Saves an edit from the result view: the rich-text editor's HTML, the title, and the SEO fields (SEO title, slug,
// meta description, focus keyphrase). The HTML goes through the same allowlist as generated posts, and the figures
// shown beside the post (plain text, word count, reading time, SEO score and checks) are worked out again from what
// was saved. A title edit never changes the slug; changing the slug of a published post (which breaks links to it)
// needs `confirmSlugChange`, and then the next publication moves the post to the new address.
import { z } from "zod";
import { productCardSchema, type BlogPostView, type UpdatePostInput } from "../contracts/blog.ts";
import { htmlToPlainText, sanitizePostHtml } from "../content/index.ts";
import type { Prisma } from "../db/index.ts";
import { AppError, badRequest, notFound } from "../errors/index.ts";
import {
  insertProductCards,
  readProductCards,
  removeProductCards,
  type WrittenCard,
} from "../publishing/product-cards/index.ts";
import { getPost } from "./get-post.ts";
import { scoreStoredPost } from "./score-stored-post.ts";

export interface UpdatePostDeps {
  prisma: Prisma;
  /** The site's public address, which tells internal links from outbound ones in the SEO checks. */
  siteUrl?: string;
}

export interface UpdatePostRequest {
  userId: number;
  postId: number;
  patch: UpdatePostInput;
  /** A site calling through the plugin API: only the posts belonging to that site can be edited. */
  wordpressConnectionId?: number;
}

export async function updatePost(deps: UpdatePostDeps, request: UpdatePostRequest): Promise<BlogPostView> {
  const { prisma } = deps;
  const { userId, postId, patch } = request;
  const site =
    request.wordpressConnectionId !== undefined ? { wordpressConnectionId: request.wordpressConnectionId } : {};
  const current = await prisma.blogPost.findFirst({
    where: { id: postId, userId, ...site },
    select: {
      title: true,
      metaDescription: true,
      htmlContent: true,
      keywords: true,
      seoTitle: true,
      slug: true,
      focusKeyphrase: true,
      linkedSiteUrl: true,
      shopifyArticleId: true,
      wordpressPostId: true,
      productCards: true,
      showProductCards: true,
      publications: { select: { status: true, remoteId: true } },
    },
  });
  if (!current) throw notFound("Blog post not found.");

  const title = patch.title ?? current.title;
  const metaDescription = patch.metaDescription !== undefined ? patch.metaDescription || null : current.metaDescription;
  const seoTitle = patch.seoTitle !== undefined ? patch.seoTitle || null : current.seoTitle;
  const focusKeyphrase =
    patch.focusKeyphrase !== undefined ? patch.focusKeyphrase.replace(/\s+/g, " ") || null : current.focusKeyphrase;
  const edited = patch.htmlContent !== undefined ? sanitizePostHtml(patch.htmlContent) : current.htmlContent;
  const htmlContent = withProductCards(edited, current, patch);
  const content = htmlToPlainText(htmlContent);
  if (patch.htmlContent !== undefined && !content.trim() && !/<img\b/i.test(htmlContent)) {
    throw badRequest("Content cannot be empty");
  }

  const slugChanged = patch.slug !== undefined && patch.slug !== current.slug;
  if (slugChanged) {
    const published =
      Boolean(current.shopifyArticleId || current.wordpressPostId) ||
      current.publications.some((p) => p.status === "published" || p.remoteId !== null);
    if (published && patch.confirmSlugChange !== true) {
      throw new AppError(
        "CONFLICT",
        "This post is already published: changing its URL breaks links to the old address. Confirm the URL change to go ahead.",
        { details: { reason: "slug_change_needs_confirmation" } },
      );
    }
    const other = await prisma.blogPost.findFirst({
      where: { userId, slug: patch.slug, id: { not: postId } },
      select: { id: true },
    });
    if (other)
      throw new AppError("CONFLICT", "Another of your posts already uses this URL slug. Choose a different one.");
  }
  const slug = patch.slug ?? current.slug;

  const seo = scoreStoredPost(
    {
      title,
      seoTitle,
      slug,
      metaDescription,
      htmlContent,
      focusKeyphrase,
      keywords: current.keywords,
      linkedSiteUrl: current.linkedSiteUrl,
    },
    deps.siteUrl,
  );
  await prisma.$transaction(async (tx) => {
    const updated = await tx.blogPost.updateMany({
      where: { id: postId, userId },
      data: {
        title,
        metaDescription,
        seoTitle,
        slug,
        focusKeyphrase,
        htmlContent,
        content,
        ...seo,
        ...(patch.factsPolicy ? { factsPolicy: patch.factsPolicy } : {}),
        ...(patch.showProductCards !== undefined ? { showProductCards: patch.showProductCards } : {}),
      },
    });
    if (updated.count === 0) throw notFound("Blog post not found.");
    // The publications go out under the new address from their next run on (an update of the same article).
    if (slugChanged && slug) await tx.postPublication.updateMany({ where: { postId, userId }, data: { handle: slug } });
  });
  return getPost({ prisma }, { userId, postId });
}

/**
 * The saved HTML with the post's product cards as the owner wants them. Turned on, the cards shown already stay as they
 * are (prices written in since included), else the cards kept with the post are put in; turned off, they are taken
 * out. An edit that leaves the cards out (the rich-text editors edit the post without them) keeps the cards the post
 * shows, each placed again after the paragraph that mentions its product.
 */
function withProductCards(
  edited: string,
  current: { htmlContent: string; productCards: unknown; showProductCards: boolean },
  patch: UpdatePostInput,
): string {
  if (patch.showProductCards === false) return removeProductCards(edited);
  const shown: WrittenCard[] = readProductCards(current.htmlContent).map((card) => ({
    title: card.name,
    url: card.url,
    markup: card.markup,
  }));
  if (patch.showProductCards === true) {
    const kept = z.array(productCardSchema).safeParse(current.productCards).data ?? [];
    if (shown.length === 0 && kept.length === 0) {
      throw badRequest("This post features no products of your store, so it has no product cards to show.");
    }
    return sanitizePostHtml(insertProductCards(removeProductCards(edited), shown.length ? shown : kept));
  }
  if (patch.htmlContent !== undefined && current.showProductCards && readProductCards(edited).length === 0) {
    return insertProductCards(edited, shown);
  }
  return edited;
}
