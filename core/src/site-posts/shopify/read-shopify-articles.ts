// Reads every published article of a Shopify store with its body through the Admin GraphQL API, newest first (so the
// bound keeps the newest), 50 a page, at their storefront addresses, telling the caller after each page. Calls are
// paced by the store's cost limits (the shared cost pacer waits for points to flow back instead of spending requests
// on "Throttled"). The meta description is the article's SEO description, else its summary (as themes fall back to
// it); Shopify has no focus keyphrase, so it is derived from the title. Needs the read_content scope.
import {
  createAdminGraphqlClient,
  type AdminGraphqlClientOptions,
} from "../../publishing/shopify/admin-graphql-client.ts";
import { normalizeShopDomain } from "../../publishing/shopify/normalize-shop-domain.ts";
import { textOf } from "../wordpress/read-wordpress-posts.ts";
import { sitePostArticles, type SitePostArticlesPage } from "./shopify-operations.ts";
import type { RemoteSitePost } from "../types.ts";

export async function readShopifyArticles(
  deps: AdminGraphqlClientOptions,
  input: {
    storeUrl: string;
    accessToken: string;
    limit: number;
    onPage?: (read: number) => Promise<void>;
  },
): Promise<{ siteUrl: string; posts: RemoteSitePost[] }> {
  const client = createAdminGraphqlClient(
    { shopDomain: normalizeShopDomain(input.storeUrl), accessToken: input.accessToken.trim() },
    deps,
  );
  const posts: RemoteSitePost[] = [];
  let storefront = "";
  let after: string | null = null;
  while (posts.length < input.limit) {
    const page: SitePostArticlesPage = await client.request(sitePostArticles, { after });
    storefront = page.shop.primaryDomain.url.replace(/\/+$/, "");
    for (const article of page.articles.nodes) {
      if (!article.isPublished) continue;
      posts.push({
        remoteId: article.id,
        url: `${storefront}/blogs/${encodeURIComponent(article.blog.handle)}/${encodeURIComponent(article.handle)}`,
        title: article.title.trim(),
        slug: article.handle,
        html: article.body,
        seoTitle: article.seoTitle?.value.trim() || null,
        metaDescription: article.seoDescription?.value.trim() || textOf(article.summary ?? ""),
        keyphrase: null,
        keyphraseSource: null,
        publishedAt: article.publishedAt ? new Date(article.publishedAt) : null,
        modifiedAt: article.updatedAt ? new Date(article.updatedAt) : null,
      });
    }
    await input.onPage?.(Math.min(posts.length, input.limit));
    if (!page.articles.pageInfo.hasNextPage || !page.articles.pageInfo.endCursor) break;
    after = page.articles.pageInfo.endCursor;
  }
  return {
    siteUrl: storefront || `https://${normalizeShopDomain(input.storeUrl)}`,
    posts: posts.slice(0, input.limit),
  };
}
