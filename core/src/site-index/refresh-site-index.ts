// Reads the owner's current WordPress connection's pages again and stores them as the site index (bounded). Run by
// the background loop for stale indexes and on demand; a failure leaves the previous index in place.
import { asFetch } from "../connections/as-fetch.ts";
import { findCurrentShopifyConnection, findCurrentWordpressConnection } from "../connections/current-connections.ts";
import { shopAppToken } from "../connections/shop-app-token.ts";
import type { ConnectionDeps } from "../connections/types.ts";
import { AppError, isAppError } from "../errors/index.ts";
import { WordpressRequestError } from "../publishing/wordpress/wordpress-request-error.ts";
import { decryptSecret } from "../security/index.ts";
import { SHOPIFY_APP_SESSION_KEY } from "../shops/shop-connection.ts";
import { readShopifySitePages } from "./read-shopify-site-pages.ts";
import { readWordpressSitePages } from "./read-wordpress-site-pages.ts";
import { SITE_INDEX_LIMIT, saveSiteIndex } from "./save-site-index.ts";

export interface RefreshSiteIndexResult {
  platform: "shopify" | "wordpress";
  connectionId: number;
  pages: number;
}

export async function refreshSiteIndex(
  deps: Pick<ConnectionDeps, "prisma" | "encryptionKey" | "fetch" | "shopifyApiBaseUrl" | "shopifyPacer"> &
    Partial<Pick<ConnectionDeps, "allowPrivateNetworkTargets" | "shopifyApp">> & {
      now?: () => Date;
    },
  input: { userId: number },
): Promise<RefreshSiteIndexResult[]> {
  const results: RefreshSiteIndexResult[] = [];
  const shopify = await findCurrentShopifyConnection(deps.prisma, input.userId);
  if (shopify?.isActive) {
    let pages;
    try {
      // A store that installed the embedded app is read with the app's offline token (refreshed when expired).
      const accessToken =
        shopify.apiKey === SHOPIFY_APP_SESSION_KEY
          ? await shopAppToken(
              deps,
              shopify.storeUrl,
              "This store's pages are read through the Shopify app, which is not configured here.",
            )
          : decryptSecret(shopify.password, deps.encryptionKey);
      pages = await readShopifySitePages(
        { fetch: asFetch(deps.fetch), apiBaseUrl: deps.shopifyApiBaseUrl, pacer: deps.shopifyPacer },
        { storeUrl: shopify.storeUrl, accessToken, limit: SITE_INDEX_LIMIT },
      );
    } catch (error) {
      if (isAppError(error)) throw error;
      throw new AppError(
        "UPSTREAM",
        `Your Shopify store's pages could not be read. ${error instanceof Error ? error.message : ""} The links already known are kept.`.replace(
          /\s+/g,
          " ",
        ),
        { cause: error },
      );
    }
    const saved = await saveSiteIndex(deps.prisma, {
      userId: input.userId,
      platform: "shopify",
      connectionId: shopify.id,
      pages,
      now: deps.now?.() ?? new Date(),
    });
    results.push({ platform: "shopify", connectionId: shopify.id, pages: saved });
  }
  const wordpress = await findCurrentWordpressConnection(deps.prisma, input.userId);
  if (wordpress?.isActive) {
    let pages;
    try {
      pages = await readWordpressSitePages(
        // Plain http only where private targets are allowed (development), as for publishing.
        { fetch: deps.fetch, allowPlainHttp: deps.allowPrivateNetworkTargets },
        {
          credentials: {
            siteUrl: wordpress.siteUrl,
            username: wordpress.username,
            applicationPassword: decryptSecret(wordpress.applicationPassword, deps.encryptionKey),
          },
          limit: SITE_INDEX_LIMIT,
        },
      );
    } catch (error) {
      if (isAppError(error)) throw error;
      const reason = error instanceof WordpressRequestError ? ` ${error.message}` : "";
      throw new AppError(
        "UPSTREAM",
        `Your WordPress site's pages could not be read.${reason} The links already known are kept.`,
        {
          cause: error,
        },
      );
    }
    const saved = await saveSiteIndex(deps.prisma, {
      userId: input.userId,
      platform: "wordpress",
      connectionId: wordpress.id,
      pages,
      now: deps.now?.() ?? new Date(),
    });
    results.push({ platform: "wordpress", connectionId: wordpress.id, pages: saved });
  }
  return results;
}
