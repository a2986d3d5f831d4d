// A shop's account publishes to its own store through the app's offline session: its Shopify connection row names the
// store and the chosen blog, and carries this marker instead of a token (the token lives in shopify_sessions).
export const SHOPIFY_APP_SESSION_KEY = "shopify-app-session";

export const shopStoreUrl = (shop: string): string => `https://${shop}`;
