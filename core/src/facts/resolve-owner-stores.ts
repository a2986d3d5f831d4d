// The owner's stores a post's products are checked against: the Shopify store and the WordPress site (WooCommerce),
// whichever are connected. The on-demand "Product facts" check, Publish and the scheduler's send all check a post
// against this same set, so a post naming products of both stores is checked against both wherever it is published.
import type { Platform } from "../contracts/blog.ts";
import type { ProductFacts } from "../contracts/facts.ts";
import { isAppError } from "../errors/index.ts";
import type { PublishTarget } from "../publishing/types.ts";

/** The owner's store on a platform (the post's own Shopify publication's connection and blog when it has one). */
export type ResolveStore = (input: {
  userId: number;
  platform: Platform;
  postId: number;
  connectionId?: number | null;
  blogId?: string | null;
}) => Promise<PublishTarget>;

/** The platform whose store sells a product, by the id kept with a post ("woocommerce:12" or a Shopify gid). */
export const platformOf = (productId: string): Platform =>
  productId.startsWith("woocommerce:") ? "wordpress" : "shopify";

/**
 * Each connected store, Shopify's first. `known` is a store already resolved (the one a publication goes to), used
 * as it is. A store the post was written about must be connected when `required` (its refusal is thrown); any other
 * store that is not connected (a refusal in words, a 4xx) is left out, and so is a written-about one otherwise.
 */
export async function resolveOwnerStores(
  resolveTarget: ResolveStore,
  input: {
    userId: number;
    postId: number;
    written: readonly ProductFacts[];
    /** The post's Shopify publication's store and blog, when it has one. */
    shopifyPublication?: { connectionId: number | null; blogId: string | null };
    known?: PublishTarget;
    required: boolean;
  },
): Promise<PublishTarget[]> {
  const targets: PublishTarget[] = [];
  for (const platform of ["shopify", "wordpress"] as const) {
    if (input.known?.platform === platform) {
      targets.push(input.known);
      continue;
    }
    const publication = platform === "shopify" ? input.shopifyPublication : undefined;
    const resolving = resolveTarget({
      userId: input.userId,
      platform,
      postId: input.postId,
      connectionId: publication?.connectionId,
      blogId: publication?.blogId,
    });
    const mustBe = input.required && input.written.some((p) => platformOf(p.id) === platform);
    const target = mustBe
      ? await resolving
      : await resolving.catch((error: unknown) => {
          if (isAppError(error) && error.status < 500) return null;
          throw error;
        });
    // Only a store on the platform asked about stands for it (each is asked about its own products).
    if (target?.platform === platform) targets.push(target);
  }
  return targets;
}
