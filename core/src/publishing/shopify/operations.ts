// Every Admin GraphQL operation Postwright sends, each with the shape of the data it expects back.
// The documents are checked against Shopify's published schema by tests/integration/shopify-operations.test.ts.
import { z } from "zod";

export interface ShopifyOperation<T> {
  /** The operation's name in the document; also keys the cost pacing. */
  name: string;
  document: string;
  data: z.ZodType<T>;
}

const userErrors = z.array(
  z.object({ code: z.string().nullish(), field: z.array(z.string()).nullish(), message: z.string() }),
);
export type ShopifyUserErrors = z.infer<typeof userErrors>;

export const blogsForConnection: ShopifyOperation<{
  blogs: { nodes: Array<{ id: string; title: string }>; pageInfo: { hasNextPage: boolean; endCursor?: string | null } };
}> = {
  name: "BlogsForConnection",
  document: `#graphql
    query BlogsForConnection($after: String) {
      blogs(first: 50, after: $after) {
        nodes { id title }
        pageInfo { hasNextPage endCursor }
      }
    }`,
  data: z.object({
    blogs: z.object({
      nodes: z.array(z.object({ id: z.string(), title: z.string() })),
      pageInfo: z.object({ hasNextPage: z.boolean(), endCursor: z.string().nullish() }),
    }),
  }),
};

const publishContextData = z.object({
  shop: z.object({ name: z.string(), primaryDomain: z.object({ url: z.string() }) }),
  blog: z.object({ id: z.string(), handle: z.string() }).nullable(),
  articles: z.object({
    nodes: z.array(
      z.object({
        id: z.string(),
        handle: z.string(),
        blog: z.object({ id: z.string() }),
        marker: z.object({ value: z.string() }).nullable(),
      }),
    ),
  }),
});

/** The metafield that marks an article as the publication of one Postwright post (its value: `post-<id>`). */
export const PUBLICATION_MARKER = { namespace: "postwright", key: "post" } as const;

/** What a publication needs to know first: the store's public address, the target blog, and any article that
 * already carries the post's handle, with its publication marker: one an earlier attempt created but whose id was
 * never recorded carries this post's marker; one the merchant wrote carries none and is never touched. */
export const publishContext: ShopifyOperation<z.infer<typeof publishContextData>> = {
  name: "PublishContext",
  document: `#graphql
    query PublishContext($blogId: ID!, $handleQuery: String!) {
      shop { name primaryDomain { url } }
      blog(id: $blogId) { id handle }
      articles(first: 5, query: $handleQuery) {
        nodes {
          id
          handle
          blog { id }
          marker: metafield(namespace: "${PUBLICATION_MARKER.namespace}", key: "${PUBLICATION_MARKER.key}") { value }
        }
      }
    }`,
  data: publishContextData,
};

const publishedArticle = z.object({ id: z.string(), handle: z.string(), blog: z.object({ handle: z.string() }) });
export type PublishedArticle = z.infer<typeof publishedArticle>;

const articlePayload = z.object({ article: publishedArticle.nullable(), userErrors });

export const articleCreate: ShopifyOperation<{ articleCreate: z.infer<typeof articlePayload> }> = {
  name: "PublishArticleCreate",
  document: `#graphql
    mutation PublishArticleCreate($article: ArticleCreateInput!) {
      articleCreate(article: $article) {
        article { id handle blog { handle } }
        userErrors { code field message }
      }
    }`,
  data: z.object({ articleCreate: articlePayload }),
};

export const articleUpdate: ShopifyOperation<{ articleUpdate: z.infer<typeof articlePayload> }> = {
  name: "PublishArticleUpdate",
  document: `#graphql
    mutation PublishArticleUpdate($id: ID!, $article: ArticleUpdateInput!) {
      articleUpdate(id: $id, article: $article) {
        article { id handle blog { handle } }
        userErrors { code field message }
      }
    }`,
  data: z.object({ articleUpdate: articlePayload }),
};

const stagedTargets = z.object({
  stagedTargets: z
    .array(
      z.object({
        url: z.string(),
        resourceUrl: z.string(),
        parameters: z.array(z.object({ name: z.string(), value: z.string() })),
      }),
    )
    .nullable(),
  userErrors: z.array(z.object({ field: z.array(z.string()).nullish(), message: z.string() })),
});

export const stageImageUpload: ShopifyOperation<{ stagedUploadsCreate: z.infer<typeof stagedTargets> }> = {
  name: "StageImageUpload",
  document: `#graphql
    mutation StageImageUpload($input: [StagedUploadInput!]!) {
      stagedUploadsCreate(input: $input) {
        stagedTargets { url resourceUrl parameters { name value } }
        userErrors { field message }
      }
    }`,
  data: z.object({ stagedUploadsCreate: stagedTargets }),
};

const fileStatus = z.enum(["UPLOADED", "PROCESSING", "READY", "FAILED"]);

export const createImageFile: ShopifyOperation<{
  fileCreate: {
    files: Array<{ id: string; fileStatus: z.infer<typeof fileStatus> }> | null;
    userErrors: ShopifyUserErrors;
  };
}> = {
  name: "CreateImageFile",
  document: `#graphql
    mutation CreateImageFile($files: [FileCreateInput!]!) {
      fileCreate(files: $files) {
        files { id fileStatus }
        userErrors { code field message }
      }
    }`,
  data: z.object({
    fileCreate: z.object({ files: z.array(z.object({ id: z.string(), fileStatus })).nullable(), userErrors }),
  }),
};

const imageFile = z.object({
  fileStatus,
  fileErrors: z.array(z.object({ code: z.string(), message: z.string() })),
  image: z.object({ url: z.string() }).nullable(),
});

export const imageFileStatus: ShopifyOperation<{ node: z.infer<typeof imageFile> | null }> = {
  name: "ImageFileStatus",
  document: `#graphql
    query ImageFileStatus($id: ID!) {
      node(id: $id) {
        ... on MediaImage {
          fileStatus
          fileErrors { code message }
          image { url }
        }
      }
    }`,
  data: z.object({ node: imageFile.nullable() }),
};

/** Every operation, for schema validation. */
const siteIndexArticlesData = z.object({
  shop: z.object({ primaryDomain: z.object({ url: z.string() }) }),
  articles: z.object({
    nodes: z.array(
      z.object({
        id: z.string(),
        title: z.string(),
        handle: z.string(),
        isPublished: z.boolean(),
        blog: z.object({ handle: z.string() }),
      }),
    ),
    pageInfo: z.object({ hasNextPage: z.boolean(), endCursor: z.string().nullish() }),
  }),
});

export type SiteIndexArticlesPage = z.infer<typeof siteIndexArticlesData>;

/** One page of the store's articles for the site index (posts link to the published ones). */
export const siteIndexArticles: ShopifyOperation<z.infer<typeof siteIndexArticlesData>> = {
  name: "SiteIndexArticles",
  document: `#graphql
    query SiteIndexArticles($after: String) {
      shop { primaryDomain { url } }
      articles(first: 250, after: $after) {
        nodes { id title handle isPublished blog { handle } }
        pageInfo { hasNextPage endCursor }
      }
    }`,
  data: siteIndexArticlesData,
};

const pageInfo = z.object({ hasNextPage: z.boolean(), endCursor: z.string().nullish() });

/** The store's most recent articles with their bodies, newest first: the owner's own writing, read for their voice. */
export const voiceArticles: ShopifyOperation<{
  articles: {
    nodes: Array<{ title: string; body: string; isPublished: boolean; publishedAt?: string | null }>;
  };
}> = {
  name: "VoiceArticles",
  document: `#graphql
    query VoiceArticles($first: Int!) {
      articles(first: $first, sortKey: PUBLISHED_AT, reverse: true, query: "published_status:published") {
        nodes { title body isPublished publishedAt }
      }
    }`,
  data: z.object({
    articles: z.object({
      nodes: z.array(
        z.object({ title: z.string(), body: z.string(), isPublished: z.boolean(), publishedAt: z.string().nullish() }),
      ),
    }),
  }),
};

/** The scopes the store granted this token, and the storefront's address (the site index asks first). */
export const siteIndexStore: ShopifyOperation<{
  shop: { primaryDomain: { url: string } };
  currentAppInstallation: { accessScopes: Array<{ handle: string }> };
}> = {
  name: "SiteIndexStore",
  document: `#graphql
    query SiteIndexStore {
      shop { primaryDomain { url } }
      currentAppInstallation { accessScopes { handle } }
    }`,
  data: z.object({
    shop: z.object({ primaryDomain: z.object({ url: z.string() }) }),
    currentAppInstallation: z.object({ accessScopes: z.array(z.object({ handle: z.string() })) }),
  }),
};

/** An image as Shopify gives it (its alt text null when it has none). */
const imageData = z.object({ url: z.string(), altText: z.string().nullish() });
/**
 * A product's featured image (its first image). Shopify marks `featuredImage` as superseded by `featuredMedia`, but
 * `featuredMedia { preview { image } }` costs three points a product, which takes a page of 250 products over the
 * 1,000 points a query may cost; `featuredImage` costs one.
 */
const FEATURED_IMAGE = "featuredImage { url altText }";
const COLLECTION_IMAGE = "image { url altText }";

const siteIndexProductsData = z.object({
  products: z.object({
    nodes: z.array(
      z.object({
        id: z.string(),
        title: z.string(),
        handle: z.string(),
        onlineStoreUrl: z.string().nullish(),
        featuredImage: imageData.nullish(),
      }),
    ),
    pageInfo,
  }),
});

/** One page of the store's active products (needs read_products); onlineStoreUrl is null when not in the store. */
/** A product's or collection's image as the site index keeps it, or null. */
export function shopifyIndexImage(node: {
  featuredImage?: z.infer<typeof imageData> | null;
  image?: z.infer<typeof imageData> | null;
}): { url: string; alt: string } | null {
  const image = node.featuredImage ?? node.image;
  return image?.url ? { url: image.url, alt: image.altText?.trim() ?? "" } : null;
}

export const siteIndexProducts: ShopifyOperation<z.infer<typeof siteIndexProductsData>> = {
  name: "SiteIndexProducts",
  document: `#graphql
    query SiteIndexProducts($after: String) {
      products(first: 250, after: $after, query: "status:active") {
        nodes { id title handle onlineStoreUrl ${FEATURED_IMAGE} }
        pageInfo { hasNextPage endCursor }
      }
    }`,
  data: siteIndexProductsData,
};

const siteIndexCollectionsData = z.object({
  collections: z.object({
    nodes: z.array(z.object({ id: z.string(), title: z.string(), handle: z.string(), image: imageData.nullish() })),
    pageInfo,
  }),
});

/** One page of the collections published to the online store (needs read_products). */
export const siteIndexCollections: ShopifyOperation<z.infer<typeof siteIndexCollectionsData>> = {
  name: "SiteIndexCollections",
  document: `#graphql
    query SiteIndexCollections($after: String) {
      collections(first: 250, after: $after, query: "published_status:published") {
        nodes { id title handle ${COLLECTION_IMAGE} }
        pageInfo { hasNextPage endCursor }
      }
    }`,
  data: siteIndexCollectionsData,
};

const siteIndexPagesData = z.object({
  pages: z.object({
    nodes: z.array(z.object({ id: z.string(), title: z.string(), handle: z.string(), isPublished: z.boolean() })),
    pageInfo,
  }),
});

/** One page of the online store's pages (needs read_online_store_pages or read_content). */
export const siteIndexPages: ShopifyOperation<z.infer<typeof siteIndexPagesData>> = {
  name: "SiteIndexPages",
  document: `#graphql
    query SiteIndexPages($after: String) {
      pages(first: 250, after: $after) {
        nodes { id title handle isPublished }
        pageInfo { hasNextPage endCursor }
      }
    }`,
  data: siteIndexPagesData,
};

const changedNode = { id: z.string(), title: z.string(), handle: z.string(), updatedAt: z.string() };

const changedProductsData = z.object({
  products: z.object({
    nodes: z.array(
      z.object({
        ...changedNode,
        status: z.string(),
        onlineStoreUrl: z.string().nullish(),
        featuredImage: imageData.nullish(),
      }),
    ),
    pageInfo,
  }),
});

/** One page of the products matching a search (`updated_at:>'…'`: changed since), in any status. */
export const changedProducts: ShopifyOperation<z.infer<typeof changedProductsData>> = {
  name: "SiteIndexChangedProducts",
  document: `#graphql
    query SiteIndexChangedProducts($after: String, $query: String!) {
      products(first: 250, after: $after, query: $query) {
        nodes { id title handle status onlineStoreUrl updatedAt ${FEATURED_IMAGE} }
        pageInfo { hasNextPage endCursor }
      }
    }`,
  data: changedProductsData,
};

const changedCollectionsData = z.object({
  collections: z.object({ nodes: z.array(z.object({ ...changedNode, image: imageData.nullish() })), pageInfo }),
});

/** One page of the collections matching a search (changed since, and published or not as the search says). */
export const changedCollections: ShopifyOperation<z.infer<typeof changedCollectionsData>> = {
  name: "SiteIndexChangedCollections",
  document: `#graphql
    query SiteIndexChangedCollections($after: String, $query: String!) {
      collections(first: 250, after: $after, query: $query) {
        nodes { id title handle updatedAt ${COLLECTION_IMAGE} }
        pageInfo { hasNextPage endCursor }
      }
    }`,
  data: changedCollectionsData,
};

const changedPagesData = z.object({
  pages: z.object({
    nodes: z.array(z.object({ ...changedNode, isPublished: z.boolean(), createdAt: z.string() })),
    pageInfo,
  }),
});

/** One page of the online store's pages matching a search (changed since), published or not. */
export const changedPages: ShopifyOperation<z.infer<typeof changedPagesData>> = {
  name: "SiteIndexChangedPages",
  document: `#graphql
    query SiteIndexChangedPages($after: String, $query: String!) {
      pages(first: 250, after: $after, query: $query) {
        nodes { id title handle isPublished createdAt updatedAt }
        pageInfo { hasNextPage endCursor }
      }
    }`,
  data: changedPagesData,
};

const changedArticlesData = z.object({
  articles: z.object({
    nodes: z.array(
      z.object({
        ...changedNode,
        isPublished: z.boolean(),
        createdAt: z.string(),
        blog: z.object({ handle: z.string() }),
      }),
    ),
    pageInfo,
  }),
});

/** One page of the blogs' articles matching a search (changed since), published or not. */
export const changedArticles: ShopifyOperation<z.infer<typeof changedArticlesData>> = {
  name: "SiteIndexChangedArticles",
  document: `#graphql
    query SiteIndexChangedArticles($after: String, $query: String!) {
      articles(first: 250, after: $after, query: $query) {
        nodes { id title handle isPublished createdAt updatedAt blog { handle } }
        pageInfo { hasNextPage endCursor }
      }
    }`,
  data: changedArticlesData,
};

const deletionsData = z.object({
  events: z.object({
    nodes: z.array(
      z.object({ subjectId: z.string().optional(), subjectType: z.string().optional(), createdAt: z.string() }),
    ),
    pageInfo,
  }),
});

/**
 * One page of the store's events matching a search: with `action:'destroy' AND subject_type:'PRODUCT' AND
 * created_at:>'…'`, the products deleted since (Shopify's deletion events, for products and collections; the older
 * `deletionEvents` field is deprecated for `events`).
 */
export const deletedItems: ShopifyOperation<z.infer<typeof deletionsData>> = {
  name: "SiteIndexDeletedItems",
  document: `#graphql
    query SiteIndexDeletedItems($after: String, $query: String!) {
      events(first: 250, after: $after, query: $query) {
        nodes { createdAt ... on BasicEvent { subjectId subjectType } }
        pageInfo { hasNextPage endCursor }
      }
    }`,
  data: deletionsData,
};

const contentCountsData = z.object({
  pagesCount: z.object({ count: z.number() }).nullable(),
  blogs: z.object({
    nodes: z.array(z.object({ articlesCount: z.object({ count: z.number() }).nullable() })),
    pageInfo,
  }),
});

/** How many pages the store has and how many articles each blog has, in any state (no bound on the count). */
export const contentCounts: ShopifyOperation<z.infer<typeof contentCountsData>> = {
  name: "SiteIndexContentCounts",
  document: `#graphql
    query SiteIndexContentCounts($after: String) {
      pagesCount(limit: null) { count }
      blogs(first: 50, after: $after) {
        nodes { articlesCount(limit: null) { count } }
        pageInfo { hasNextPage endCursor }
      }
    }`,
  data: contentCountsData,
};

const ids = z.object({ nodes: z.array(z.object({ id: z.string() })), pageInfo });
const pageIdsData = z.object({ pages: ids });
const articleIdsData = z.object({ articles: ids });

/** One page of the ids of the store's pages, in any state: cheap (about one point an item), to find which were deleted. */
export const pageIds: ShopifyOperation<z.infer<typeof pageIdsData>> = {
  name: "SiteIndexPageIds",
  document: `#graphql
    query SiteIndexPageIds($after: String) {
      pages(first: 250, after: $after) {
        nodes { id }
        pageInfo { hasNextPage endCursor }
      }
    }`,
  data: pageIdsData,
};

/** One page of the ids of the blogs' articles, in any state, to find which were deleted. */
export const articleIds: ShopifyOperation<z.infer<typeof articleIdsData>> = {
  name: "SiteIndexArticleIds",
  document: `#graphql
    query SiteIndexArticleIds($after: String) {
      articles(first: 250, after: $after) {
        nodes { id }
        pageInfo { hasNextPage endCursor }
      }
    }`,
  data: articleIdsData,
};

const appSubscription = z.object({
  id: z.string(),
  name: z.string(),
  status: z.string(),
  test: z.boolean(),
  trialDays: z.number(),
  currentPeriodEnd: z.string().nullish(),
  createdAt: z.string(),
});
export type ShopifyAppSubscription = z.infer<typeof appSubscription>;

const billingUserErrors = z.array(z.object({ field: z.array(z.string()).nullish(), message: z.string() }));

/** A recurring subscription for the app (Billing API); the merchant approves it at confirmationUrl. */
export const appSubscriptionCreate: ShopifyOperation<{
  appSubscriptionCreate: {
    appSubscription: ShopifyAppSubscription | null;
    confirmationUrl?: string | null;
    userErrors: z.infer<typeof billingUserErrors>;
  };
}> = {
  name: "BillingSubscriptionCreate",
  document: `#graphql
    mutation BillingSubscriptionCreate(
      $name: String!
      $lineItems: [AppSubscriptionLineItemInput!]!
      $returnUrl: URL!
      $trialDays: Int
      $test: Boolean
    ) {
      appSubscriptionCreate(name: $name, lineItems: $lineItems, returnUrl: $returnUrl, trialDays: $trialDays, test: $test) {
        appSubscription { id name status test trialDays currentPeriodEnd createdAt }
        confirmationUrl
        userErrors { field message }
      }
    }`,
  data: z.object({
    appSubscriptionCreate: z.object({
      appSubscription: appSubscription.nullable(),
      confirmationUrl: z.string().nullish(),
      userErrors: billingUserErrors,
    }),
  }),
};

export const appSubscriptionCancel: ShopifyOperation<{
  appSubscriptionCancel: {
    appSubscription: ShopifyAppSubscription | null;
    userErrors: z.infer<typeof billingUserErrors>;
  };
}> = {
  name: "BillingSubscriptionCancel",
  document: `#graphql
    mutation BillingSubscriptionCancel($id: ID!) {
      appSubscriptionCancel(id: $id, prorate: true) {
        appSubscription { id name status test trialDays currentPeriodEnd createdAt }
        userErrors { field message }
      }
    }`,
  data: z.object({
    appSubscriptionCancel: z.object({ appSubscription: appSubscription.nullable(), userErrors: billingUserErrors }),
  }),
};

/** The app's active subscriptions on the shop (at most one for a recurring plan). */
export const activeAppSubscriptions: ShopifyOperation<{
  currentAppInstallation: { activeSubscriptions: ShopifyAppSubscription[] };
}> = {
  name: "BillingActiveSubscriptions",
  document: `#graphql
    query BillingActiveSubscriptions {
      currentAppInstallation {
        activeSubscriptions { id name status test trialDays currentPeriodEnd createdAt }
      }
    }`,
  data: z.object({ currentAppInstallation: z.object({ activeSubscriptions: z.array(appSubscription) }) }),
};

export const shopifyOperations = [
  siteIndexArticles,
  siteIndexStore,
  siteIndexProducts,
  siteIndexCollections,
  siteIndexPages,
  changedProducts,
  changedCollections,
  changedPages,
  changedArticles,
  deletedItems,
  contentCounts,
  pageIds,
  articleIds,
  appSubscriptionCreate,
  appSubscriptionCancel,
  activeAppSubscriptions,
  blogsForConnection,
  publishContext,
  articleCreate,
  articleUpdate,
  stageImageUpload,
  createImageFile,
  imageFileStatus,
] as const;
