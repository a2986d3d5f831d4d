// A local fake of Shopify's Admin GraphQL API (see README.md) and the validator that checks any query against
// Shopify's real published schema.
export {
  startFakeShopify,
  DEFAULT_ACCESS_TOKEN,
  DEFAULT_SHOP_DOMAIN,
  INVALID_TOKEN_BODY,
  SINGLE_QUERY_MAX_COST,
  type FakeFailure,
  type FakeOauthGrant,
  type FakeShopify,
  type FakeShopifyRequest,
  type StartFakeShopifyOptions,
} from "./server.ts";
export {
  ADMIN_SCHEMA_VERSION,
  adminSchemaStats,
  loadAdminSchema,
  validateAdminDocument,
  validateAdminQuery,
  type AdminQueryValidation,
  type ShopifyGraphqlError,
} from "./schema.ts";
export { calculateQueryCost } from "./cost.ts";
export type { ThrottleStatus } from "./leaky-bucket.ts";
export type {
  FakeArticle,
  FakeArticleImage,
  FakeBlog,
  FakeFile,
  FakeMetafield,
  FakeShop,
  FakeShopOptions,
} from "./shop-state.ts";
export { onePixelPng } from "./png.ts";
export { STOREFRONT_PATH, storefrontPageTitle } from "./storefront.ts";
export {
  seedStoreContent,
  type FakeCollection,
  type FakePage,
  type FakeProduct,
  type StoreContentSeed,
} from "./store-content.ts";
export type { FakeAppSubscription, FakeSubscriptionStatus, FakeWebhook } from "./app-billing.ts";
export { addCatalogItems, catalogOf, type FakeCatalogInput } from "./catalog.ts";
