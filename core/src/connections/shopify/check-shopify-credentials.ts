// The connection dialog's Test Connection: checks a store address and access token and lists the store's blogs.
// The address is the user's, so it must be a public one (unless the operator allows private networks) before the
// token is sent anywhere; the request itself goes through the safe fetch, which checks again when it connects.
import type { ShopifyTestResult } from "../../contracts/connections.ts";
import { isAppError } from "../../errors/index.ts";
import { normalizeShopDomain, testShopifyConnection } from "../../publishing/shopify/index.ts";
import { assertPublicUrl } from "../../security/index.ts";
import { asFetch } from "../../publishing/as-fetch.ts";
import type { ConnectionDeps } from "../types.ts";

export interface ShopifyCredentials {
  storeUrl: string;
  accessToken: string;
}

export async function checkShopifyCredentials(
  deps: ConnectionDeps,
  credentials: ShopifyCredentials,
): Promise<ShopifyTestResult> {
  let shopDomain: string;
  try {
    shopDomain = normalizeShopDomain(credentials.storeUrl);
    // With a configured API base the store's own address is not contacted.
    if (!deps.shopifyApiBaseUrl) {
      await assertPublicUrl(`https://${shopDomain}`, { allowPrivateNetworkTargets: deps.allowPrivateNetworkTargets });
    }
  } catch (error) {
    if (isAppError(error)) return { valid: false, blogs: [], message: error.message };
    throw error;
  }
  return testShopifyConnection(
    { storeUrl: shopDomain, accessToken: credentials.accessToken },
    { fetch: asFetch(deps.fetch), apiBaseUrl: deps.shopifyApiBaseUrl, pacer: deps.shopifyPacer },
  );
}
