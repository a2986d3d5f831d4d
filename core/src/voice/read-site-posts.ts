// Reads the owner's own most recent published posts through a connection, for their voice: WordPress posts over
// REST (newest first), or a Shopify store's articles over Admin GraphQL (newest first), with the credentials the
// connection was saved with. Only public, published writing is read.
import { asFetch } from "../connections/as-fetch.ts";
import { shopAppToken } from "../connections/shop-app-token.ts";
import { AppError, isAppError } from "../errors/index.ts";
import { createAdminGraphqlClient } from "../publishing/shopify/admin-graphql-client.ts";
import { normalizeShopDomain } from "../publishing/shopify/normalize-shop-domain.ts";
import { voiceArticles } from "../publishing/shopify/operations.ts";
import { normalizeSiteUrl } from "../publishing/wordpress/normalize-site-url.ts";
import { WordpressRequestError } from "../publishing/wordpress/wordpress-request-error.ts";
import { createWordpressRestClient, discoverWordpressSite } from "../publishing/wordpress/wordpress-rest-client.ts";
import { decryptSecret } from "../security/index.ts";
import { SHOPIFY_APP_SESSION_KEY } from "../shops/shop-connection.ts";
import type { SiteConnection, SiteIndexDeps } from "../site-index/read-connection-pages.ts";
import { VOICE_POST_LIMIT, type VoicePost } from "./derive-voice-profile.ts";
import { decodeEntities } from "./read-text.ts";

interface RemotePost {
  title?: { rendered?: string };
  content?: { rendered?: string };
}

export async function readSitePosts(deps: SiteIndexDeps, site: SiteConnection): Promise<VoicePost[]> {
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
      const client = createAdminGraphqlClient(
        { shopDomain: normalizeShopDomain(shopify.storeUrl), accessToken: accessToken.trim() },
        { fetch: asFetch(deps.fetch), apiBaseUrl: deps.shopifyApiBaseUrl, pacer: deps.shopifyPacer },
      );
      const data = await client.request(voiceArticles, { first: VOICE_POST_LIMIT });
      return data.articles.nodes
        .filter((article) => article.isPublished && article.body.trim())
        .slice(0, VOICE_POST_LIMIT)
        .map((article) => ({ title: article.title, body: article.body }));
    } catch (error) {
      if (isAppError(error) || !(error instanceof Error)) throw error;
      throw new AppError("UPSTREAM", `Your Shopify store's articles could not be read. ${error.message}`.trim(), {
        cause: error,
      });
    }
  }
  const wordpress = site.connection;
  try {
    const credentials = {
      siteUrl: wordpress.siteUrl,
      username: wordpress.username,
      applicationPassword: wordpress.applicationPassword
        ? decryptSecret(wordpress.applicationPassword, deps.encryptionKey)
        : "",
    };
    const found = await discoverWordpressSite(normalizeSiteUrl(credentials.siteUrl), deps.fetch, credentials.username);
    const client = createWordpressRestClient(found, credentials, deps.fetch, {
      allowPlainHttp: deps.allowPrivateNetworkTargets,
    });
    const { data } = await client.request<RemotePost[]>("GET", "wp/v2/posts", {
      query: {
        status: "publish",
        per_page: VOICE_POST_LIMIT,
        orderby: "date",
        order: "desc",
        _fields: "title,content",
      },
      action: "read the site's posts",
    });
    return (Array.isArray(data) ? data : [])
      .map((post) => ({
        title: decodeEntities((post.title?.rendered ?? "").replace(/<[^>]*>/g, "")).trim(),
        body: post.content?.rendered ?? "",
      }))
      .filter((post) => post.body.trim());
  } catch (error) {
    if (isAppError(error)) throw error;
    const reason = error instanceof WordpressRequestError ? ` ${error.message}` : "";
    throw new AppError("UPSTREAM", `Your WordPress site's posts could not be read.${reason}`, { cause: error });
  }
}
