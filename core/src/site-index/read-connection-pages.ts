// Reads the pages of one of the owner's connections (a Shopify store or a WordPress site), with the credentials it was
// saved with, up to the index's bound. A failure is an AppError whose message the owner can read ("Your Shopify
// store's pages could not be read. <reason> The links already known are kept.").
import { asFetch } from "../connections/as-fetch.ts";
import { shopAppToken } from "../connections/shop-app-token.ts";
import type { ConnectionDeps } from "../connections/types.ts";
import type { ShopifyConnection, WordpressConnection } from "../db/index.ts";
import { AppError, isAppError } from "../errors/index.ts";
import { WordpressRequestError } from "../publishing/wordpress/wordpress-request-error.ts";
import { decryptSecret } from "../security/index.ts";
import { SHOPIFY_APP_SESSION_KEY } from "../shops/shop-connection.ts";
import type { SiteLinkCandidate } from "./pick-site-links.ts";
import { readShopifySitePages } from "./read-shopify-site-pages.ts";
import { readWordpressSitePages } from "./read-wordpress-site-pages.ts";
import { SITE_INDEX_LIMIT } from "./save-site-index.ts";

export type SiteIndexDeps = Pick<
  ConnectionDeps,
  "prisma" | "encryptionKey" | "fetch" | "shopifyApiBaseUrl" | "shopifyPacer"
> &
  Partial<Pick<ConnectionDeps, "allowPrivateNetworkTargets" | "shopifyApp" | "logger">> & {
    now?: () => Date;
  };

export type SiteConnection =
  { platform: "shopify"; connection: ShopifyConnection } | { platform: "wordpress"; connection: WordpressConnection };

export async function readConnectionPages(
  deps: SiteIndexDeps,
  site: SiteConnection,
  onPage?: (found: readonly SiteLinkCandidate[]) => Promise<void>,
): Promise<SiteLinkCandidate[]> {
  if (site.platform === "shopify") {
    const shopify = site.connection;
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
      return await readShopifySitePages(
        { fetch: asFetch(deps.fetch), apiBaseUrl: deps.shopifyApiBaseUrl, pacer: deps.shopifyPacer },
        { storeUrl: shopify.storeUrl, accessToken, limit: SITE_INDEX_LIMIT, onPage },
      );
    } catch (error) {
      if (isAppError(error) || !(error instanceof Error) || error.name === "LeaseLost") throw error;
      throw new AppError(
        "UPSTREAM",
        `Your Shopify store's pages could not be read. ${error.message} The links already known are kept.`.replace(
          /\s+/g,
          " ",
        ),
        { cause: error },
      );
    }
  }
  const wordpress = site.connection;
  try {
    return await readWordpressSitePages(
      // Plain http only where private targets are allowed (development), as for publishing.
      { fetch: deps.fetch, allowPlainHttp: deps.allowPrivateNetworkTargets },
      {
        credentials: {
          siteUrl: wordpress.siteUrl,
          username: wordpress.username,
          applicationPassword: wordpress.applicationPassword
            ? decryptSecret(wordpress.applicationPassword, deps.encryptionKey)
            : "",
        },
        limit: SITE_INDEX_LIMIT,
        onPage,
      },
    );
  } catch (error) {
    if (isAppError(error) || (error instanceof Error && error.name === "LeaseLost")) throw error;
    const reason = error instanceof WordpressRequestError ? ` ${error.message}` : "";
    throw new AppError(
      "UPSTREAM",
      `Your WordPress site's pages could not be read.${reason} The links already known are kept.`,
      { cause: error },
    );
  }
}
