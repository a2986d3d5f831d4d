// The products the owner can feature in a post written on the site: a search of their connected Shopify store and of
// WooCommerce on their connected WordPress site (each the connection in use, as posts are published to it). A store
// that cannot be searched just now is named in words; the other's products are still listed.
import { MAX_FEATURED_ITEMS, type Platform } from "../contracts/blog.ts";
import type { StoreProduct, StoreProductSearch, StoreProductSource } from "../contracts/store-products.ts";
import { isAppError } from "../errors/index.ts";
import { silentLogger, type Logger } from "../logger.ts";
import type { PublishTarget } from "../publishing/types.ts";

export interface StoreProductsDeps {
  /** The owner's connection in use on the platform, as a target (refuses with an AppError when none is connected). */
  resolveTarget: (input: { userId: number; platform: Platform }) => Promise<PublishTarget>;
  logger?: Logger;
}

const stores: Array<{ platform: Platform; source: StoreProductSource; name: string }> = [
  { platform: "shopify", source: "shopify", name: "Your Shopify store" },
  { platform: "wordpress", source: "woocommerce", name: "WooCommerce on your WordPress site" },
];

/** The owner's connected store on the platform as a target; null when none is connected (or it is turned off). */
export async function connectedStore(deps: StoreProductsDeps, userId: number, platform: Platform) {
  try {
    return await deps.resolveTarget({ userId, platform });
  } catch (error) {
    if (isAppError(error) && error.status < 500) return null;
    throw error;
  }
}

export async function searchStoreProducts(
  deps: StoreProductsDeps,
  input: { userId: number; words: string },
): Promise<StoreProductSearch> {
  const logger = deps.logger ?? silentLogger;
  const answers = await Promise.all(
    stores.map(async (store) => {
      try {
        const target = await connectedStore(deps, input.userId, store.platform);
        const products = target?.searchProducts ? await target.searchProducts(input.words) : null;
        return { store, products, problem: null };
      } catch (error) {
        logger.warn({ err: error, userId: input.userId, platform: store.platform }, "a store could not be searched");
        const reason = error instanceof Error ? ` ${error.message}` : "";
        return { store, products: null, problem: `${store.name} could not be searched just now.${reason}` };
      }
    }),
  );
  return {
    sources: answers.filter((a) => a.products !== null).map((a) => a.store.source),
    maxFeatured: MAX_FEATURED_ITEMS,
    products: answers.flatMap((a): StoreProduct[] => a.products ?? []),
    problems: answers.flatMap((a) => (a.problem ? [a.problem] : [])),
  };
}
