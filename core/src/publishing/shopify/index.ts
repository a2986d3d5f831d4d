export { SHOPIFY_API_VERSION } from "./api-version.ts";
export { normalizeShopDomain } from "./normalize-shop-domain.ts";
export { testShopifyConnection, type TestShopifyConnectionOptions } from "./test-shopify-connection.ts";
export {
  createShopifyTarget,
  type ShopifyTargetConnection,
  type ShopifyTargetOptions,
} from "./create-shopify-target.ts";
export { shopifyGraphqlEndpoint } from "./admin-graphql-client.ts";
export { ShopifyCostPacer, sharedShopifyCostPacer } from "./cost-pacer.ts";
export { ShopifyRequestError, type ShopifyFailureKind } from "./shopify-request-error.ts";
export { shopifyOperations } from "./operations.ts";
