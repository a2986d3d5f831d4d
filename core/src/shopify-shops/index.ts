// The embedded Shopify app's accounts, sessions, tokens and webhooks. The app (shopify-app/) authenticates with
// Shopify's library and calls these; the scheduler reaches the shops' tokens through resolvePublishTarget.
export { createShopifySessionStore } from "../shopify-sessions/create-shopify-session-store.ts";
export type { ShopifySessionStore } from "../shopify-sessions/create-shopify-session-store.ts";
export { findOrCreateShopAccount, SHOP_ACCOUNT_PASSWORD } from "./find-or-create-shop-account.ts";
export type { ShopAccountInput } from "./find-or-create-shop-account.ts";
export { getShopAccessToken, reinstallMessage } from "../shopify-sessions/get-shop-access-token.ts";
export { handleShopWebhook } from "./handle-shop-webhook.ts";
export type { ShopWebhookDeps, ShopWebhookInput, ShopWebhookOutcome } from "./handle-shop-webhook.ts";
export { findShopifyPlan, shopifyPlans } from "./shopify-plans.ts";
export type { ShopifyPlan } from "./shopify-plans.ts";
export { SHOPIFY_APP_SESSION_KEY, shopStoreUrl } from "../shopify-sessions/shop-connection.ts";
export { offlineSessionId } from "../shopify-sessions/types.ts";
export type {
  ShopDeps,
  ShopifyAppCredentials,
  ShopifySessionRecord,
  ShopTokenDeps,
} from "../shopify-sessions/types.ts";
export {
  applyShopifySubscription,
  createShopifyBillingProvider,
  shopifySubscriptionState,
  SHOPIFY_TRIAL_DAYS,
} from "./shopify-billing-provider.ts";
export type { ShopifyBillingOptions, ShopifySubscriptionReport } from "./shopify-billing-provider.ts";
export { chooseShopPlan, confirmShopPlan, getShopPlans } from "./choose-shop-plan.ts";
export type { ShopBillingDeps, ShopPlansView } from "./choose-shop-plan.ts";
export { FEATURED_ITEMS_QUERY, readFeaturedItems } from "../publishing/shopify/read-featured-items.ts";
export type { AdminGraphqlQuery } from "../publishing/shopify/read-featured-items.ts";
export {
  chooseShopBlog,
  currentShopBlogId,
  readShopBlogs,
  readShopSite,
  SHOP_BLOGS_QUERY,
  SHOP_SITE_QUERY,
  type ShopSite,
} from "./shop-blogs.ts";
export type { ShopBlog } from "./shop-blogs.ts";
export { parseShopImages, uploadShopImage } from "./upload-shop-image.ts";
export type { ShopImageInput, UploadShopImageDeps } from "./upload-shop-image.ts";
