/** The one Admin API version every Shopify request uses. Shopify supports each version for at least a year. */
export const SHOPIFY_API_VERSION = "2026-10";
