// The API's shared vocabulary: request schemas (zod, with the product's user-facing messages) and response types,
// imported by the Express API, the React client and the other surfaces. Nothing here may depend on Node.
// The route declarations and the OpenAPI builders have their own subpaths (contracts/api-v1, contracts/site-api,
// contracts/route-types, contracts/openapi), so that a browser bundle importing a schema from here does not carry them.
export * from "./auth.ts";
export * from "./account.ts";
export * from "./contact.ts";
export * from "./blog.ts";
export * from "./connections.ts";
export * from "./billing.ts";
export * from "./seo-rating.ts";
export * from "./wordpress-plugin.ts";
export * from "./title-width.ts";
export * from "./autopilot.ts";
export * from "./autopilot-schemas.ts";
export * from "./autopilot-requests.ts";
export * from "./site-index.ts";
export * from "./site-posts.ts";
export * from "./search-console.ts";
export * from "./refresh.ts";
export * from "./voice.ts";
export * from "./voice-labels.ts";
export * from "./facts.ts";
export * from "./store-products.ts";
export { formatMoney } from "./format-money.ts";
