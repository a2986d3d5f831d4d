// Reads the linkable pages of a Shopify store through the Admin GraphQL API: its published articles, 250 a page,
// paced by the store's cost limits (the shared cost pacer), at their storefront addresses. Needs read_content.
import {
  createAdminGraphqlClient,
  type AdminGraphqlClientOptions,
} from "../publishing/shopify/admin-graphql-client.ts";
import { normalizeShopDomain } from "../publishing/shopify/normalize-shop-domain.ts";
import { siteIndexArticles, type SiteIndexArticlesPage } from "../publishing/shopify/operations.ts";
import type { SiteLinkCandidate } from "./pick-site-links.ts";

export async function readShopifySitePages(
  deps: AdminGraphqlClientOptions,
  input: { storeUrl: string; accessToken: string; limit: number },
): Promise<SiteLinkCandidate[]> {
  const client = createAdminGraphqlClient(
    { shopDomain: normalizeShopDomain(input.storeUrl), accessToken: input.accessToken.trim() },
    deps,
  );
  const found: SiteLinkCandidate[] = [];
  let after: string | null = null;
  do {
    const page: SiteIndexArticlesPage = await client.request(siteIndexArticles, { after });
    const storefront = page.shop.primaryDomain.url.replace(/\/+$/, "");
    for (const article of page.articles.nodes) {
      if (!article.isPublished || !article.title.trim()) continue;
      found.push({
        url: `${storefront}/blogs/${encodeURIComponent(article.blog.handle)}/${encodeURIComponent(article.handle)}`,
        title: article.title.trim(),
        kind: "article",
      });
    }
    after = page.articles.pageInfo.hasNextPage ? (page.articles.pageInfo.endCursor ?? null) : null;
  } while (after !== null && found.length < input.limit);
  return found.slice(0, input.limit);
}
