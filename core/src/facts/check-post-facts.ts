// The "Product facts" check of one of the owner's posts against their store now, asked for before publishing or
// scheduling (the store's prices may have changed since the post was written), against each connected store: the
// Shopify store and WooCommerce on the WordPress site, so a post naming products of both is checked against both in
// one report. The report is kept with the post and the post returned with it. A post naming none of the stores'
// products gets no report (null).
import type { Platform } from "../contracts/blog.ts";
import type { Prisma } from "../db/index.ts";
import type { ProductFactsReport } from "../contracts/facts.ts";
import { AppError, badRequest, isAppError, notFound } from "../errors/index.ts";
import type { Logger } from "../logger.ts";
import { PublishError, type PublishTarget } from "../publishing/types.ts";
import { checkPostAgainstStore, storedProductFacts } from "./recheck-post-facts.ts";

export interface CheckPostFactsDeps {
  prisma: Prisma;
  /** The owner's store on a platform (the post's own Shopify publication's connection and blog when it has one). */
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
  // Each store is asked about its own products: the Shopify store about the Shopify products the post was written
  // about or names (through the site index), the WordPress site about its WooCommerce products. A store the post was
  // written about must be connected; any other connected store is checked too (a post can name products of both).
  const written = storedProductFacts(post.productFacts);
  const targets: PublishTarget[] = [];
  for (const platform of ["shopify", "wordpress"] as const) {
    const publication = platform === "shopify" ? post.publications[0] : undefined;
    const input = {
      userId,
      platform,
      postId,
      connectionId: publication?.connectionId,
      blogId: publication?.blogId,
    };
    const target = written.some((p) => platformOf(p.id) === platform)
      ? await deps.resolveTarget(input)
      : await deps.resolveTarget(input).catch((error: unknown) => {
          if (isAppError(error) && error.status < 500) return null;
          throw error;
        });
    if (target) targets.push(target);
  }
  if (targets.length === 0) throw badRequest(noStore);
  const reports: ProductFactsReport[] = [];
  for (const target of targets) {
    try {
      const checked = await checkPostAgainstStore(deps, post, target);
      if (checked) reports.push(checked.report);
    } catch (error) {
      if (error instanceof PublishError) {
        throw new AppError("UPSTREAM", `Your store's products could not be read: ${error.message}`, { cause: error });
      }
      throw error;
    }
  }
  const report = joinReports(reports);
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

const platformOf = (id: string): Platform => (id.startsWith("woocommerce:") ? "wordpress" : "shopify");

/** One report of each store's products (Shopify's first); null when no store's products are named. */
function joinReports(reports: ProductFactsReport[]): ProductFactsReport | null {
  if (reports.length === 0) return null;
  return {
    checkedAt: reports[0]!.checkedAt,
    products: reports.flatMap((r) => r.products),
    mismatches: reports.reduce((sum, r) => sum + r.mismatches, 0),
  };
}
