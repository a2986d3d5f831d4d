// Publishing: one PublishTarget contract, the Shopify and WordPress clients behind it, and the user's saved
// connections to them (core/src/connections), which the API and the scheduler turn into targets.
export * from "./types.ts";
export * from "./shopify/index.ts";
export * from "./wordpress/index.ts";
export * from "./wordpress-plugin/index.ts";
export * from "../connections/index.ts";
