// Reads the published posts of one of the owner's connections (a WordPress site's posts, a Shopify store's articles)
// with the credentials it was saved with. A failure is an AppError the owner can read ("Your WordPress site's posts
// could not be read. <reason>").
import { readFromSite, type SiteConnection, type SiteIndexDeps } from "../site-index/site-connection.ts";
import { readShopifyArticles } from "./shopify/read-shopify-articles.ts";
import { readWordpressPosts } from "./wordpress/read-wordpress-posts.ts";
import { SITE_POSTS_LIMIT } from "./site-posts-jobs.ts";
import type { RemoteSitePost } from "./types.ts";

export function readConnectionPosts(
  deps: SiteIndexDeps,
  site: SiteConnection,
  onPage?: (read: number) => Promise<void>,
): Promise<{ siteUrl: string; posts: RemoteSitePost[] }> {
  return readFromSite(
    deps,
    site,
    { shopify: "articles", wordpress: "posts" },
    {
      shopify: (client, store) => readShopifyArticles(client, { ...store, limit: SITE_POSTS_LIMIT, onPage }),
      wordpress: (client, credentials) => readWordpressPosts(client, { credentials, limit: SITE_POSTS_LIMIT, onPage }),
    },
  );
}
