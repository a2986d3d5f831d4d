// The API's shared vocabulary: request schemas (zod, with the product's user-facing messages) and response types,
// imported by the Express API, the React client and the other surfaces. Nothing here may depend on Node.
export * from "./auth.ts";
export * from "./account.ts";
export * from "./contact.ts";
export * from "./blog.ts";
export * from "./connections.ts";
export * from "./billing.ts";
export * from "./seo-rating.ts";
export * from "./wordpress-plugin.ts";
export * from "./api-v1.ts";
export * from "./api-v1-openapi.ts";
export * from "./route-types.ts";
export * from "./site-api.ts";
export * from "./title-width.ts";
export * from "./autopilot.ts";
export * from "./autopilot-schemas.ts";
export * from "./autopilot-requests.ts";
export * from "./site-index.ts";
