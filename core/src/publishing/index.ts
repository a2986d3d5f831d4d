// Publishing: one PublishTarget contract and the Shopify and WordPress clients behind it. The owner's saved
// connections to them, which the API and the scheduler turn into targets, are core/src/connections.
export * from "./types.ts";
export * from "./shopify/index.ts";
export * from "./wordpress/index.ts";
export * from "./wordpress-plugin/index.ts";
export * from "./product-cards/index.ts";
export * from "./woocommerce/index.ts";
