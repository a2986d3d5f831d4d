// The "Product facts" check of one of the owner's posts against their store now, asked for before publishing or
// scheduling (the store's prices may have changed since the post was written): the report is kept with the post and
// the post returned with it. A post naming none of the store's products gets no report (null).
import type { Platform } from "../contracts/blog.ts";
import type { Prisma } from "../db/index.ts";
import { AppError, notFound } from "../errors/index.ts";
import type { Logger } from "../logger.ts";
import { PublishError, type PublishTarget } from "../publishing/types.ts";
import { checkPostAgainstStore, storedProductFacts } from "./recheck-post-facts.ts";

export interface CheckPostFactsDeps {
  prisma: Prisma;
  /** The owner's store (the post's own Shopify publication's connection and blog when it has one). */
  resolveTarget: (input: {
    userId: number;
    platform: Platform;
    postId: number;
    connectionId?: number | null;
    blogId?: string | null;
  }) => Promise<PublishTarget>;
  logger?: Logger;
  now?: () => Date;
}

export async function checkPostFacts(deps: CheckPostFactsDeps, input: { userId: number; postId: number }) {
  const { userId, postId } = input;
  const post = await deps.prisma.blogPost.findFirst({
    where: { id: postId, userId },
    select: {
      id: true,
      userId: true,
      htmlContent: true,
      productFacts: true,
      factsPolicy: true,
      publications: { where: { platform: "shopify" }, select: { connectionId: true, blogId: true } },
    },
  });
  if (!post) throw notFound("Blog post not found.");
  // A post written about WooCommerce products only is checked against the WordPress site that sells them.
  const written = storedProductFacts(post.productFacts);
  const platform: Platform =
    written.length > 0 && written.every((p) => p.id.startsWith("woocommerce:")) ? "wordpress" : "shopify";
  const publication = platform === "shopify" ? post.publications[0] : undefined;
  const target = await deps.resolveTarget({
    userId,
    platform,
    postId,
    connectionId: publication?.connectionId,
    blogId: publication?.blogId,
  });
  let checked: Awaited<ReturnType<typeof checkPostAgainstStore>>;
  try {
    checked = await checkPostAgainstStore(deps, post, target);
  } catch (error) {
    if (error instanceof PublishError) {
      throw new AppError("UPSTREAM", `Your store's products could not be read: ${error.message}`, { cause: error });
    }
    throw error;
  }
  if (checked) {
    await deps.prisma.blogPost.updateMany({
      where: { id: postId, userId },
      data: { productFactsReport: checked.report },
    });
  }
  return checked?.report ?? null;
}
