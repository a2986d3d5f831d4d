// Reads the owner's own most recent published posts through a connection, for their voice: WordPress posts over
// REST (newest first), or a Shopify store's articles over Admin GraphQL (newest first), with the credentials the
// connection was saved with. Only public, published writing is read.
import { createAdminGraphqlClient } from "../publishing/shopify/admin-graphql-client.ts";
import { normalizeShopDomain } from "../publishing/shopify/normalize-shop-domain.ts";
import { voiceArticles } from "../publishing/shopify/operations.ts";
import { openWordpressSite } from "../publishing/wordpress/open-wordpress-site.ts";
import { readFromSite, type SiteConnection, type SiteIndexDeps } from "../site-index/site-connection.ts";
import { VOICE_POST_LIMIT, type VoicePost } from "./derive-voice-profile.ts";
import { decodeEntities } from "./read-text.ts";

interface RemotePost {
  title?: { rendered?: string };
  content?: { rendered?: string };
}

export function readSitePosts(deps: SiteIndexDeps, site: SiteConnection): Promise<VoicePost[]> {
  return readFromSite(
    deps,
    site,
    { shopify: "articles", wordpress: "posts" },
    {
      async shopify(options, store) {
        const client = createAdminGraphqlClient(
          { shopDomain: normalizeShopDomain(store.storeUrl), accessToken: store.accessToken.trim() },
          options,
        );
        const data = await client.request(voiceArticles, { first: VOICE_POST_LIMIT });
        return data.articles.nodes
          .filter((article) => article.isPublished && article.body.trim())
          .slice(0, VOICE_POST_LIMIT)
          .map((article) => ({ title: article.title, body: article.body }));
      },
      async wordpress(options, credentials) {
        const client = await openWordpressSite(credentials, options);
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
      },
    },
  );
}
