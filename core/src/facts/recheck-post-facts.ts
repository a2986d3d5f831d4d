// The check a post goes through just before it is published to a store (by the scheduler, or by Publish now): the
// products it was written about (their facts kept with it) and the products it links to or names (from the site index
// for Shopify, from WooCommerce's list of products for WordPress) are read again from each of the owner's stores the
// on-demand check knows (the Shopify store and the WordPress site, whichever are connected: a post naming products of
// both is checked against both, whichever it goes to), and the post checked against them. On a mismatch the owner's
// choice decides: "hold" keeps it back for review (nothing is published), "update_prices" writes the current prices
// in and publishes, unless something else no longer agrees (a size no longer sold, stock), which still holds it. The
// report is kept with the post.
import { z } from "zod";
import { productFactsSchema, type ProductFacts, type ProductFactsReport } from "../contracts/facts.ts";
import type { Prisma } from "../db/index.ts";
import { silentLogger, type Logger } from "../logger.ts";
import type { PublishTarget } from "../publishing/types.ts";
import { ShopifyRequestError } from "../publishing/shopify/shopify-request-error.ts";
import { readSiteLinks } from "../site-index/read-site-links.ts";
import { checkProductFacts } from "./check-product-facts.ts";
import { findNamedProducts, findNamedStoreProducts } from "./find-named-products.ts";
import { refreshProductCards } from "./refresh-product-cards.ts";
import { resolveOwnerStores, type ResolveStore } from "./resolve-owner-stores.ts";
import { updatePostPrices, type UpdatedPrice } from "./update-post-prices.ts";

export type FactsRecheck =
  /** Nothing to check, or everything agrees (html: the post's HTML with the store's prices written in, if changed). */
  | { kind: "publish"; html?: string; report: ProductFactsReport | null; updated: UpdatedPrice[] }
  | { kind: "hold"; reason: string; report: ProductFactsReport };

export interface RecheckPost {
  id: number;
  userId: number;
  htmlContent: string;
  productFacts: unknown;
  factsPolicy: string;
}

const writtenFacts = z.array(productFactsSchema);

/** The facts kept with a post when it was written (none for posts written before they were kept). */
export function storedProductFacts(value: unknown): ProductFacts[] {
  const parsed = writtenFacts.safeParse(value);
  return parsed.success ? parsed.data : [];
}

function holdReason(report: ProductFactsReport, then: "schedule" | "publish"): string {
  const wrong = report.products.filter((p) => p.status === "mismatch").map((p) => p.summary);
  return `Held for review: your store's products changed since this post was written. ${wrong.join(" ")} Update the post (or let Postwright write the current prices in), then ${then === "publish" ? "publish" : "schedule"} it again.`;
}

/**
 * Reads from the store the products the post was written about and those of the store it links to or names, and
 * checks the post against them; null when it names none, or the store does not let the app read its products.
 */
export async function checkPostAgainstStore(
  deps: { prisma: Prisma; logger?: Logger; now?: () => Date },
  post: RecheckPost,
  target: PublishTarget,
  options: { quick?: boolean } = {},
): Promise<{ report: ProductFactsReport; current: ProductFacts[]; written: ProductFacts[] } | null> {
  if (!target.readProductFacts) return null;
  // Each platform is asked about its own products: a Shopify store about Shopify's, a WordPress site about its
  // WooCommerce products (a post can feature both, and is checked against each where it is published).
  const written = storedProductFacts(post.productFacts).filter((p) => soldOn(target.platform, p.id));
  // quick (the scheduler, for every post it publishes): the site index (or WooCommerce's list of products) is read
  // only for a post written about the store's products or linking to a product page, so other posts cost no query.
  if (options.quick && written.length === 0 && !linksToProducts(post.htmlContent)) return null;
  // Products named in the post are found by their Shopify storefront address (the site index keeps no other), and on
  // WordPress out of WooCommerce's own list of products, by ID.
  const handles =
    target.platform === "shopify"
      ? findNamedProducts(post.htmlContent, await readSiteLinks(deps.prisma, post.userId))
      : [];
  const named =
    target.platform === "wordpress" && target.listProducts
      ? findNamedStoreProducts(post.htmlContent, await target.listProducts())
      : [];
  const ids = [...new Set([...written.map((p) => p.id), ...named])];
  if (ids.length === 0 && handles.length === 0) return null;
  let current: ProductFacts[];
  try {
    current = await target.readProductFacts({ ids, handles });
  } catch (error) {
    // A store that does not let the app read its products cannot be checked; that never stops its posts.
    if (error instanceof ShopifyRequestError && error.kind === "forbidden") {
      (deps.logger ?? silentLogger).warn({ postId: post.id }, "the store's products cannot be read; no facts check");
      return null;
    }
    throw error;
  }
  const now = deps.now?.() ?? new Date();
  return { report: checkProductFacts({ html: post.htmlContent, current, written, now }), current, written };
}

const linksToProducts = (html: string) => /\/products?\/|[?&]product=/.test(html);

export type StoresCheck = { report: ProductFactsReport; current: ProductFacts[]; written: ProductFacts[] };

/** The post checked against each store in turn, as one report (Shopify's products first); null when none names any. */
export async function checkPostAgainstStores(
  deps: { prisma: Prisma; logger?: Logger; now?: () => Date },
  post: RecheckPost,
  targets: readonly PublishTarget[],
  options: { quick?: boolean } = {},
): Promise<StoresCheck | null> {
  const checks: StoresCheck[] = [];
  for (const target of targets) {
    const checked = await checkPostAgainstStore(deps, post, target, options);
    if (checked) checks.push(checked);
  }
  const report = joinReports(checks.map((c) => c.report));
  if (!report) return null;
  return { report, current: checks.flatMap((c) => c.current), written: checks.flatMap((c) => c.written) };
}

/** One report of each store's products, in the order given; null when no store's products are named. */
function joinReports(reports: ProductFactsReport[]): ProductFactsReport | null {
  if (reports.length === 0) return null;
  return {
    checkedAt: reports[0]!.checkedAt,
    products: reports.flatMap((r) => r.products),
    mismatches: reports.reduce((sum, r) => sum + r.mismatches, 0),
  };
}

/**
 * The stores a post is checked against before it goes to `target`: that store, and the owner's other connected store
 * when the post may name its products (a store that is not connected, or no longer, is left out).
 */
async function storesToCheck(
  deps: { prisma: Prisma; resolveTarget?: ResolveStore },
  post: RecheckPost,
  target: PublishTarget,
): Promise<PublishTarget[]> {
  const written = storedProductFacts(post.productFacts);
  // A post written about no product and linking to no product page names none of either store's (as quick above).
  if (!deps.resolveTarget || (written.length === 0 && !linksToProducts(post.htmlContent))) return [target];
  const kept =
    target.platform === "shopify"
      ? null
      : await deps.prisma.blogPost.findFirst({
          where: { id: post.id, userId: post.userId },
          select: { publications: { where: { platform: "shopify" }, select: { connectionId: true, blogId: true } } },
        });
  return resolveOwnerStores(deps.resolveTarget, {
    userId: post.userId,
    postId: post.id,
    written,
    shopifyPublication: kept?.publications[0],
    known: target,
    required: false,
  });
}

/** Whether the product (by its id kept with the post) is one the platform's store sells. */
function soldOn(platform: PublishTarget["platform"], productId: string): boolean {
  return platform === "wordpress" ? productId.startsWith("woocommerce:") : productId.startsWith("gid://shopify/");
}

export async function recheckPostFacts(
  deps: {
    prisma: Prisma;
    logger?: Logger;
    now?: () => Date;
    /** The owner's other store, to check the products the post names there too (as the on-demand check does). */
    resolveTarget?: ResolveStore;
  },
  post: RecheckPost,
  target: PublishTarget,
  /** What the owner does again once the post is fixed: the scheduler holds a scheduled post, Publish a clicked one. */
  options: { then?: "schedule" | "publish" } = {},
): Promise<FactsRecheck> {
  const logger = deps.logger ?? silentLogger;
  const stores = await storesToCheck(deps, post, target);
  const checked = await checkPostAgainstStores(deps, post, stores, { quick: true });
  if (!checked) return { kind: "publish", report: null, updated: [] };
  const { report, current, written } = checked;
  const save = (data: { productFactsReport: ProductFactsReport; htmlContent?: string; productCards?: object[] }) =>
    deps.prisma.blogPost.updateMany({ where: { id: post.id, userId: post.userId }, data });

  if (report.mismatches === 0) {
    await save({ productFactsReport: report });
    return { kind: "publish", report, updated: [] };
  }
  if (post.factsPolicy === "update_prices") {
    const { html, updated } = updatePostPrices({ html: post.htmlContent, current, written });
    const after = checkProductFacts({ html, current, written, now: new Date(report.checkedAt) });
    if (after.mismatches === 0) {
      // The cards kept with the post take the same prices, so cards turned off and on later show them too.
      const kept = await deps.prisma.blogPost.findFirst({
        where: { id: post.id, userId: post.userId },
        select: { productCards: true },
      });
      const productCards = refreshProductCards(kept?.productCards, current);
      await save({ productFactsReport: after, htmlContent: html, ...(productCards ? { productCards } : {}) });
      logger.info({ postId: post.id, updated }, "the store's current prices were written into the post");
      return { kind: "publish", html, report: after, updated };
    }
  }
  await save({ productFactsReport: report });
  return { kind: "hold", reason: holdReason(report, options.then ?? "schedule"), report };
}
