export * from "./types.ts";
export * from "./shopify/index.ts";
