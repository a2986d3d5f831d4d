// Reads the published posts of one of the owner's connections (a WordPress site's posts, a Shopify store's articles)
// with the credentials it was saved with. A failure is an AppError the owner can read ("Your WordPress site's posts
// could not be read. <reason>").
import { asFetch } from "../connections/as-fetch.ts";
import { shopAppToken } from "../connections/shop-app-token.ts";
import { AppError, isAppError } from "../errors/index.ts";
import { WordpressRequestError } from "../publishing/wordpress/wordpress-request-error.ts";
import { decryptSecret } from "../security/index.ts";
import { SHOPIFY_APP_SESSION_KEY } from "../shops/shop-connection.ts";
import type { SiteConnection, SiteIndexDeps } from "../site-index/read-connection-pages.ts";
import { readShopifyArticles } from "./read-shopify-articles.ts";
import { readWordpressPosts } from "./read-wordpress-posts.ts";
import { SITE_POSTS_LIMIT } from "./site-posts-jobs.ts";
import type { RemoteSitePost } from "./types.ts";

export async function readConnectionPosts(
  deps: SiteIndexDeps,
  site: SiteConnection,
  onPage?: (read: number) => Promise<void>,
): Promise<{ siteUrl: string; posts: RemoteSitePost[] }> {
  if (site.platform === "shopify") {
    const shopify = site.connection;
    try {
      const accessToken =
        shopify.apiKey === SHOPIFY_APP_SESSION_KEY
          ? await shopAppToken(
              deps,
              shopify.storeUrl,
              "This store's articles are read through the Shopify app, which is not configured here.",
            )
          : decryptSecret(shopify.password, deps.encryptionKey);
      return await readShopifyArticles(
        { fetch: asFetch(deps.fetch), apiBaseUrl: deps.shopifyApiBaseUrl, pacer: deps.shopifyPacer },
        { storeUrl: shopify.storeUrl, accessToken, limit: SITE_POSTS_LIMIT, onPage },
      );
    } catch (error) {
      if (isAppError(error) || !(error instanceof Error) || error.name === "LeaseLost") throw error;
      throw new AppError(
        "UPSTREAM",
        `Your Shopify store's articles could not be read. ${error.message}`.replace(/\s+/g, " ").trim(),
        { cause: error },
      );
    }
  }
  const wordpress = site.connection;
  try {
    return await readWordpressPosts(
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
        limit: SITE_POSTS_LIMIT,
        onPage,
      },
    );
  } catch (error) {
    if (isAppError(error) || (error instanceof Error && error.name === "LeaseLost")) throw error;
    const reason = error instanceof WordpressRequestError ? ` ${error.message}` : "";
    throw new AppError("UPSTREAM", `Your WordPress site's posts could not be read.${reason}`, { cause: error });
  }
}
