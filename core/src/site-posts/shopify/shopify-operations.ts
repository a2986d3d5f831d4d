// The Admin GraphQL operation "Your posts" sends: one page of the store's published articles with their bodies, SEO
// title and description tags (the global title_tag / description_tag metafields the online store's SEO fields write),
// and the storefront's address. Checked against Shopify's published schema by tests/integration/site-posts-shopify.test.ts.
import { z } from "zod";
import type { ShopifyOperation } from "../../publishing/shopify/operations.ts";

const tag = z.object({ value: z.string() }).nullish();

const sitePostArticlesData = z.object({
  shop: z.object({ primaryDomain: z.object({ url: z.string() }) }),
  articles: z.object({
    nodes: z.array(
      z.object({
        id: z.string(),
        title: z.string(),
        handle: z.string(),
        body: z.string(),
        summary: z.string().nullish(),
        isPublished: z.boolean(),
        publishedAt: z.string().nullish(),
        updatedAt: z.string().nullish(),
        blog: z.object({ handle: z.string() }),
        seoTitle: tag,
        seoDescription: tag,
      }),
    ),
    pageInfo: z.object({ hasNextPage: z.boolean(), endCursor: z.string().nullish() }),
  }),
});

export type SitePostArticlesPage = z.infer<typeof sitePostArticlesData>;

/** Bodies make articles heavy: 50 a page keeps a page's cost (about 150 points) and size small. */
export const SITE_POST_ARTICLES_PAGE = 50;

export const sitePostArticles: ShopifyOperation<SitePostArticlesPage> = {
  name: "SitePostArticles",
  document: `#graphql
    query SitePostArticles($after: String) {
      shop { primaryDomain { url } }
      articles(first: 50, after: $after, sortKey: PUBLISHED_AT, reverse: true, query: "published_status:published") {
        nodes {
          id title handle body summary isPublished publishedAt updatedAt
          blog { handle }
          seoTitle: metafield(namespace: "global", key: "title_tag") { value }
          seoDescription: metafield(namespace: "global", key: "description_tag") { value }
        }
        pageInfo { hasNextPage endCursor }
      }
    }`,
  data: sitePostArticlesData,
};
