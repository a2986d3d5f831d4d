export {
  readWoocommerceFacts,
  readWoocommerceFeatured,
  searchWoocommerceProducts,
  woocommerceProductId,
  WOOCOMMERCE_PRODUCT_PREFIX,
  type StoreApiGet,
  type StoreApiProduct,
} from "./store-api-products.ts";
