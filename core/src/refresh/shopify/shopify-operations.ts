// The Admin GraphQL operations a refresh sends: one article with what an update may change (its body, summary and
// the SEO title and description tags), the update itself (articleUpdate: same id, same handle; it creates a tag the
// article lacks), and the removal of a tag a published refresh created, when the previous version is restored. Checked against
// Shopify's published schema by tests/integration/refresh-shopify.test.ts.
import { z } from "zod";
import type { ShopifyOperation } from "../../publishing/shopify/operations.ts";

const tag = z.object({ value: z.string() }).nullish();

const refreshArticleData = z.object({
  shop: z.object({ primaryDomain: z.object({ url: z.string() }) }),
  article: z
    .object({
      id: z.string(),
      title: z.string(),
      handle: z.string(),
      body: z.string(),
      summary: z.string().nullish(),
      updatedAt: z.string().nullish(),
      blog: z.object({ handle: z.string() }),
      seoTitle: tag,
      seoDescription: tag,
    })
    .nullable(),
});
export type RefreshArticle = z.infer<typeof refreshArticleData>;

export const refreshArticle: ShopifyOperation<RefreshArticle> = {
  name: "RefreshArticle",
  document: `#graphql
    query RefreshArticle($id: ID!) {
      shop { primaryDomain { url } }
      article(id: $id) {
        id title handle body summary updatedAt
        blog { handle }
        seoTitle: metafield(namespace: "global", key: "title_tag") { value }
        seoDescription: metafield(namespace: "global", key: "description_tag") { value }
      }
    }`,
  data: refreshArticleData,
};

const userErrors = z.array(
  z.object({ code: z.string().nullish(), field: z.array(z.string()).nullish(), message: z.string() }),
);

const refreshArticleUpdateData = z.object({
  articleUpdate: z.object({
    article: z.object({ id: z.string(), handle: z.string() }).nullable(),
    userErrors,
  }),
});

export const refreshArticleUpdate: ShopifyOperation<z.infer<typeof refreshArticleUpdateData>> = {
  name: "RefreshArticleUpdate",
  document: `#graphql
    mutation RefreshArticleUpdate($id: ID!, $article: ArticleUpdateInput!) {
      articleUpdate(id: $id, article: $article) {
        article { id handle }
        userErrors { code field message }
      }
    }`,
  data: refreshArticleUpdateData,
};

const refreshTagsDeleteData = z.object({
  metafieldsDelete: z.object({
    deletedMetafields: z.array(z.object({ key: z.string(), namespace: z.string() }).nullable()).nullish(),
    userErrors: z.array(z.object({ field: z.array(z.string()).nullish(), message: z.string() })),
  }),
});

export const refreshTagsDelete: ShopifyOperation<z.infer<typeof refreshTagsDeleteData>> = {
  name: "RefreshTagsDelete",
  document: `#graphql
    mutation RefreshTagsDelete($metafields: [MetafieldIdentifierInput!]!) {
      metafieldsDelete(metafields: $metafields) {
        deletedMetafields { key namespace }
        userErrors { field message }
      }
    }`,
  data: refreshTagsDeleteData,
};
