export {
  listWoocommerceProducts,
  readWoocommerceListing,
  type ListedWoocommerceProduct,
  readWoocommerceFacts,
  readWoocommerceFeatured,
  searchWoocommerceProducts,
  woocommerceProductId,
  WOOCOMMERCE_PRODUCT_PREFIX,
  type StoreApiGet,
  type StoreApiProduct,
} from "./store-api-products.ts";
export { woocommerceMethods } from "./woocommerce-methods.ts";
export { createPublicStoreApi, restRouteAddress, StoreApiRequestError } from "./public-store-api.ts";
