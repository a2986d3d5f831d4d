// What a WordPress target offers about the site's WooCommerce products, whichever way it reaches the site (the REST
// API with an application password, or the Postwright plugin): searching them, reading the ones picked to feature,
// their facts for the "Product facts" check, and listing them by name to find those a post names. `storeApi` answers null when the site does not run WooCommerce.
import { badRequest } from "../../errors/index.ts";
import type { PublishTarget } from "../types.ts";
import {
  listWoocommerceProducts,
  readWoocommerceFacts,
  readWoocommerceFeatured,
  searchWoocommerceProducts,
  type StoreApiGet,
} from "./store-api-products.ts";

export function woocommerceMethods(
  storeApi: () => Promise<StoreApiGet | null>,
): Required<Pick<PublishTarget, "searchProducts" | "readFeaturedItems" | "readProductFacts" | "listProducts">> {
  return {
    async searchProducts(words) {
      const get = await storeApi();
      return get ? searchWoocommerceProducts(get, words) : null;
    },
    async readFeaturedItems(ids) {
      const get = await storeApi();
      if (!get) {
        throw badRequest(
          "Your WordPress site does not run WooCommerce (its Store API is not offered), so its products cannot be featured. Activate WooCommerce, or pick products again.",
        );
      }
      return readWoocommerceFeatured(get, ids);
    },
    async readProductFacts(wanted) {
      const get = await storeApi();
      // Without WooCommerce the site sells nothing: its products are gone, and the check says it cannot check them.
      return get ? readWoocommerceFacts(get, wanted.ids) : [];
    },
    async listProducts() {
      const get = await storeApi();
      return get ? listWoocommerceProducts(get) : [];
    },
  };
}
