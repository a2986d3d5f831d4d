// A store that installed the embedded Shopify app is reached with the app's offline token (refreshed first when it has
// expired), not with a token saved in its connection.
import { AppError } from "../../errors/index.ts";
import { getShopAccessToken } from "../../shopify-sessions/get-shop-access-token.ts";
import type { ConnectionDeps } from "../types.ts";

/**
 * The app's offline token for the store at `storeUrl`. `unavailableMessage` tells the user what could not be done
 * when this deployment has no Shopify app configured.
 */
export function shopAppToken(
  deps: Pick<ConnectionDeps, "prisma" | "encryptionKey" | "fetch" | "shopifyApiBaseUrl" | "shopifyApp" | "now">,
  storeUrl: string,
  unavailableMessage: string,
): Promise<string> {
  if (!deps.shopifyApp) {
    return Promise.reject(
      new AppError("UNAVAILABLE", unavailableMessage, {
        internal: "the Shopify app's credentials are not configured for a shop installed through the app",
      }),
    );
  }
  return getShopAccessToken(
    {
      prisma: deps.prisma,
      encryptionKey: deps.encryptionKey,
      app: deps.shopifyApp,
      fetch: deps.fetch,
      shopifyApiBaseUrl: deps.shopifyApiBaseUrl,
      now: deps.now,
    },
    { shop: new URL(storeUrl).hostname },
  );
}
