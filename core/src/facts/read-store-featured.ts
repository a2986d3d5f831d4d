// The products (and Shopify collections) the owner picked on the site's write form, read from their stores by ID when
// the post is written: the Shopify store's through its Admin API, the WordPress site's through WooCommerce's Store
// API. Names, prices, stock and links come from the store, never from the browser; the products' facts are kept with
// the post for the "Product facts" check, as the Shopify app does.
import type { FeaturedItem, Platform } from "../contracts/blog.ts";
import type { ProductFacts } from "../contracts/facts.ts";
import { AppError, badRequest } from "../errors/index.ts";
import { PublishError } from "../publishing/types.ts";
import { withStoreFacts } from "./describe-product-facts.ts";
import { platformOf } from "./resolve-owner-stores.ts";
import { connectedStore, type StoreProductsDeps } from "./search-store-products.ts";

const notConnected: Record<Platform, string> = {
  shopify: "Connect your Shopify store to feature its products, or take them out of the post.",
  wordpress:
    "Connect your WordPress site (with WooCommerce active) to feature its products, or take them out of the post.",
};

export async function readStoreFeatured(
  deps: StoreProductsDeps,
  input: { userId: number; ids: readonly string[] },
): Promise<{ featured: FeaturedItem[]; productFacts: ProductFacts[] }> {
  const read = new Map<string, FeaturedItem>();
  const productFacts: ProductFacts[] = [];
  for (const platform of ["shopify", "wordpress"] as const) {
    const ids = input.ids.filter((id) => platformOf(id) === platform);
    if (ids.length === 0) continue;
    const target = await connectedStore(deps, input.userId, platform);
    if (!target?.readFeaturedItems || !target.readProductFacts) throw badRequest(notConnected[platform]);
    try {
      const items = await target.readFeaturedItems(ids);
      for (const item of items) read.set(item.id, item);
      const products = items.filter((item) => item.kind === "product").map((item) => item.id);
      if (products.length) productFacts.push(...(await target.readProductFacts({ ids: products, handles: [] })));
    } catch (error) {
      if (error instanceof PublishError) {
        throw new AppError("UPSTREAM", `Your store's products could not be read: ${error.message}`, { cause: error });
      }
      throw error;
    }
  }
  const featured = input.ids.map((id) => read.get(id)).filter((item): item is FeaturedItem => item !== undefined);
  return { featured: withStoreFacts(featured, productFacts), productFacts };
}
