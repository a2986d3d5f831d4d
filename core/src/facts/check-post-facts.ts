// The "Product facts" check of one of the owner's posts against their store now, asked for before publishing or
// scheduling (the store's prices may have changed since the post was written), against each connected store: the
// Shopify store and WooCommerce on the WordPress site, so a post naming products of both is checked against both in
// one report. The report is kept with the post and the post returned with it. A post naming none of the stores'
// products gets no report (null).
import type { Prisma } from "../db/index.ts";
import { AppError, badRequest, notFound } from "../errors/index.ts";
import type { Logger } from "../logger.ts";
import { PublishError } from "../publishing/types.ts";
import { checkPostAgainstStores, storedProductFacts } from "./recheck-post-facts.ts";
import { resolveOwnerStores, type ResolveStore } from "./resolve-owner-stores.ts";

export interface CheckPostFactsDeps {
  prisma: Prisma;
  /** The owner's store on a platform (the post's own Shopify publication's connection and blog when it has one). */
  resolveTarget: ResolveStore;
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
  // Each store is asked about its own products: the Shopify store about the Shopify products the post was written
  // about or names (through the site index), the WordPress site about its WooCommerce products. A store the post was
  // written about must be connected; any other connected store is checked too (a post can name products of both).
  const targets = await resolveOwnerStores(deps.resolveTarget, {
    userId,
    postId,
    written: storedProductFacts(post.productFacts),
    shopifyPublication: post.publications[0],
    required: true,
  });
  if (targets.length === 0) throw badRequest(noStore);
  let report;
  try {
    report = (await checkPostAgainstStores(deps, post, targets))?.report ?? null;
  } catch (error) {
    if (error instanceof PublishError) {
      throw new AppError("UPSTREAM", `Your store's products could not be read: ${error.message}`, { cause: error });
    }
    throw error;
  }
  if (report) {
    await deps.prisma.blogPost.updateMany({
      where: { id: postId, userId },
      data: { productFactsReport: report },
    });
  }
  return report;
}

const noStore =
  "Connect your Shopify store, or your WordPress site with WooCommerce, to check this post's products against it.";
