// The user's Shopify stores and WordPress sites: checking credentials, saving them (encrypted, never returned),
// reading and removing them, and turning the one in use into a publishing target for the scheduler and the Publish
// button. Every query is scoped to the owner.
export { createConnectionDeps } from "./create-connection-deps.ts";
export type { CreateConnectionDepsInput } from "./create-connection-deps.ts";
export type { ConnectionDeps } from "./types.ts";
export { checkShopifyCredentials } from "./shopify/check-shopify-credentials.ts";
export type { ShopifyCredentials } from "./shopify/check-shopify-credentials.ts";
export { checkWordpressCredentials } from "./wordpress/check-wordpress-credentials.ts";
export { saveShopifyConnection, SHOPIFY_API_KEY_PLACEHOLDER } from "./shopify/save-shopify-connection.ts";
export { saveWordpressConnection } from "./wordpress/save-wordpress-connection.ts";
export { getShopifyConnection } from "./shopify/get-shopify-connection.ts";
export { getWordpressConnection } from "./wordpress/get-wordpress-connection.ts";
export { listConnections } from "./list-connections.ts";
export { deleteConnection } from "./delete-connection.ts";
export type { DeleteConnectionInput } from "./delete-connection.ts";
export { resolvePublishTarget } from "./resolve-publish-target.ts";
export { assertPlatformsConnected } from "./assert-platforms-connected.ts";
export { assertCanSchedule, SCHEDULING_NOT_INCLUDED } from "./assert-can-schedule.ts";
export { createPublishingDeps } from "./create-publishing-deps.ts";
export type { AppPublishingDeps } from "./create-publishing-deps.ts";
export {
  approveWordpressPluginConnection,
  CONNECT_CODE_TTL_MS,
  MAX_OPEN_CONNECT_CODES,
} from "./wordpress/approve-wordpress-plugin-connection.ts";
export { pruneConnectCodes } from "./wordpress/prune-connect-codes.ts";
export { exchangeConnectCode } from "./wordpress/exchange-connect-code.ts";
export { previewWordpressPluginConnection } from "./wordpress/preview-wordpress-plugin-connection.ts";
export { replacedSiteMessage } from "./pause-replaced-site-plans.ts";
export { authenticateSiteCredential, siteDisconnected } from "./wordpress/authenticate-site-credential.ts";
export type { SiteIdentity } from "./wordpress/authenticate-site-credential.ts";
export { revokeSiteCredential } from "./wordpress/revoke-site-credential.ts";
export { describePluginSite } from "./wordpress/describe-plugin-site.ts";
export { checkPluginSite } from "./wordpress/check-plugin-site.ts";
export type { PluginSiteCheck } from "./wordpress/check-plugin-site.ts";
export {
  completeWordpressAuthorization,
  startWordpressAuthorization,
  WORDPRESS_APP_ID,
  WORDPRESS_APP_NAME,
  WORDPRESS_AUTHORIZATION_CALLBACK_PATH,
} from "./wordpress/wordpress-authorization.ts";
export type { WordpressAuthorizationDeps } from "./wordpress/wordpress-authorization.ts";
