// Publishes posts as articles of one blog of a Shopify store through the Admin GraphQL API.
import { z } from "zod";
import { isAppError } from "../../errors/index.ts";
import { readProductFacts } from "./read-product-facts.ts";
import { readFeaturedItems } from "./read-featured-items.ts";
import { searchShopifyProducts } from "./search-shopify-products.ts";
import { silentLogger, type Logger } from "../../logger.ts";
import {
  PublishError,
  type ImageLoader,
  type PublishablePost,
  type PublishResult,
  type PublishTarget,
} from "../types.ts";
import {
  createAdminGraphqlClient,
  type AdminGraphqlClient,
  type AdminGraphqlClientOptions,
} from "./admin-graphql-client.ts";
import { imageSources, replaceImageSources, shopifyImageFilename } from "./article-images.ts";
import { normalizeShopDomain } from "./normalize-shop-domain.ts";
import {
  articleCreate,
  articleUpdate,
  PUBLICATION_MARKER,
  publishContext,
  type PublishedArticle,
  type ShopifyUserErrors,
} from "./operations.ts";
import { ShopifyRequestError } from "./shopify-request-error.ts";
import { uploadImageToShopify } from "./upload-image-to-shopify.ts";

export interface ShopifyTargetOptions {
  fetch: typeof fetch;
  loadImage: ImageLoader;
  /** See AdminGraphqlClientOptions.apiBaseUrl. */
  apiBaseUrl?: string;
  logger?: Logger;
  pacer?: AdminGraphqlClientOptions["pacer"];
  /** See UploadImageOptions.pollDelaysMs. */
  imagePollDelaysMs?: number[];
}

export interface ShopifyTargetConnection {
  storeUrl: string;
  accessToken: string;
  /** The blog's GID (gid://shopify/Blog/123); a bare numeric id is accepted too. */
  blogId: string;
}

// Shopify's limits: article titles up to 255 characters; we upload at most this many images per post.
const MAX_TITLE_LENGTH = 255;
const MAX_IMAGES = 10;
/** How soon to retry when Shopify's search has not caught up with an article created moments ago. */
const SEARCH_INDEX_RETRY_MS = 60_000;

function blogGid(blogId: string): string {
  const trimmed = blogId.trim();
  return /^\d+$/.test(trimmed) ? `gid://shopify/Blog/${trimmed}` : trimmed;
}

/** Shopify keeps handles lower-case letters, digits and hyphens; sending it that way lets us find it again. */
function articleHandle(handle: string): string {
  return handle
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

/**
 * Whether Shopify can download an image from this address itself: any HTTPS address, or, when the Admin API is a
 * local fake (`apiBaseUrl`), that fake's own files.
 */
export function isFetchableByShopify(url: string, apiBaseUrl: string | undefined): boolean {
  if (/^https:\/\//i.test(url)) return true;
  if (!apiBaseUrl || !URL.canParse(url)) return false;
  return new URL(url).origin === new URL(apiBaseUrl.replace("{shop}", "shop")).origin;
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

function singleLine(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

function describeUserErrors(userErrors: ShopifyUserErrors): string {
  return userErrors.map((e) => e.message).join("; ");
}

function isOnlyMissingArticle(userErrors: ShopifyUserErrors): boolean {
  return userErrors.length > 0 && userErrors.every((e) => e.code === "NOT_FOUND" && e.field?.join(".") === "id");
}

export function createShopifyTarget(connection: ShopifyTargetConnection, options: ShopifyTargetOptions): PublishTarget {
  const logger = (options.logger ?? silentLogger).child({ platform: "shopify" });
  const blogId = blogGid(connection.blogId);

  function connect(): AdminGraphqlClient {
    let shopDomain: string;
    try {
      shopDomain = normalizeShopDomain(connection.storeUrl);
    } catch (error) {
      if (isAppError(error))
        throw new PublishError(`The Shopify connection's store URL is not valid. ${error.message}`, {
          transient: false,
        });
      throw error;
    }
    return createAdminGraphqlClient({ shopDomain, accessToken: connection.accessToken.trim() }, options);
  }

  /** Uploads the post's own images (those the loader can read) to Shopify's CDN and points the article at them. */
  async function prepareImages(client: AdminGraphqlClient, post: PublishablePost, handle: string) {
    const featured = post.images[0];
    const sources = [...new Set([...(featured ? [featured.url] : []), ...imageSources(post.html)])].slice(
      0,
      MAX_IMAGES,
    );
    const uploaded = new Map<string, string>();
    for (const source of sources) {
      let image: Awaited<ReturnType<ImageLoader>>;
      try {
        image = await options.loadImage(source);
      } catch (cause) {
        throw new PublishError(`Could not read the post's image ${source}; the publication will be retried.`, {
          transient: true,
          cause,
        });
      }
      if (!image) continue;
      if (!image.contentType.startsWith("image/")) {
        logger.warn(
          { postId: post.id, source, contentType: image.contentType },
          "skipping a post image that is not an image",
        );
        continue;
      }
      const alt = post.images.find((i) => i.url === source)?.altText ?? "";
      const filename = shopifyImageFilename(handle, uploaded.size + 1, image);
      uploaded.set(
        source,
        await uploadImageToShopify(
          client,
          { data: image.data, contentType: image.contentType, filename, alt },
          { fetch: options.fetch, pollDelaysMs: options.imagePollDelaysMs },
        ),
      );
    }
    const body = replaceImageSources(post.html, (src) => uploaded.get(src));
    let featuredUrl = featured ? uploaded.get(featured.url) : undefined;
    // An image the loader does not know but that is already on the web (in the store's Files, for one the merchant
    // added from the app) can be fetched by Shopify itself.
    if (featured && !featuredUrl && isFetchableByShopify(featured.url, options.apiBaseUrl)) featuredUrl = featured.url;
    if (featured && !featuredUrl)
      logger.warn(
        { postId: post.id, source: featured.url },
        "the post's first image could not be read; publishing without it",
      );
    return {
      body,
      image: featuredUrl && featured ? { url: featuredUrl, altText: featured.altText || post.title } : undefined,
    };
  }

  async function publish(post: PublishablePost, previous: { remoteId: string | null }): Promise<PublishResult> {
    const client = connect();
    const handle = articleHandle(post.handle);
    if (!handle) throw new PublishError("The post has no usable address (handle) for Shopify.", { transient: false });
    const marker = `post-${post.id}`;

    const context = await client.request(publishContext, { blogId, handleQuery: `handle:${handle}` });
    if (!context.blog) {
      throw new PublishError(
        "The blog chosen for this Shopify connection no longer exists. Choose a blog again in your Shopify connection.",
        { transient: false },
      );
    }
    const { body, image } = await prepareImages(client, post, handle);
    const title = post.title.trim().slice(0, MAX_TITLE_LENGTH).trim();
    const metaDescription = singleLine(post.metaDescription ?? "");
    // Shopify keeps an article's search-engine title and description in the global title_tag/description_tag
    // metafields (what its admin's "Search engine listing" edits); ArticleCreateInput has no seo field.
    const seoTitle = singleLine(post.seoTitle ?? "") || singleLine(title);
    const article = {
      blogId,
      title,
      handle,
      body,
      summary: metaDescription ? escapeHtml(metaDescription) : null,
      tags: [...new Set(post.keywords.map((k) => k.trim()).filter(Boolean))],
      author: { name: singleLine(post.author) || context.shop.name },
      isPublished: true,
      metafields: [
        ...(seoTitle
          ? [{ namespace: "global", key: "title_tag", type: "single_line_text_field", value: seoTitle }]
          : []),
        ...(metaDescription
          ? [{ namespace: "global", key: "description_tag", type: "single_line_text_field", value: metaDescription }]
          : []),
        { ...PUBLICATION_MARKER, type: "single_line_text_field", value: marker },
      ],
    };

    // The article recorded for this post, else one an earlier attempt created but never recorded (same handle, this
    // post's marker). An article of the merchant's own under the same address in this blog is never overwritten.
    const sameHandle = context.articles.nodes.filter((a) => a.handle === handle);
    const byHandle = sameHandle.find((a) => a.marker?.value === marker)?.id;
    const taken = sameHandle.find(
      (a) => a.blog.id === blogId && a.marker?.value !== marker && a.id !== previous.remoteId,
    );
    const candidates = [...new Set([previous.remoteId, byHandle].filter((id): id is string => Boolean(id)))];
    let published: PublishedArticle | null = null;
    for (const id of candidates) {
      const { articleUpdate: result } = await client.request(articleUpdate, {
        id,
        // A confirmed slug change moves the article; Shopify then redirects the old address to the new one.
        article: { ...article, redirectNewHandle: true, image: image ?? (post.images.length === 0 ? null : undefined) },
      });
      if (result.article && result.userErrors.length === 0) {
        published = result.article;
        break;
      }
      // Deleted in Shopify since: fall through to the next candidate, or create it again.
      if (isOnlyMissingArticle(result.userErrors)) continue;
      throw new ShopifyRequestError(
        "rejected",
        `Shopify rejected the article: ${describeUserErrors(result.userErrors)}`,
        { transient: false, cause: result.userErrors },
      );
    }
    if (!published) {
      if (taken) {
        throw new PublishError(
          `This Shopify blog already has an article at the address "${handle}" that was not published from Postwright. ` +
            "Change this post's URL slug, then publish again.",
          { transient: false },
        );
      }
      const { articleCreate: result } = await client.request(articleCreate, {
        article: { ...article, ...(image ? { image } : {}) },
      });
      if (result.userErrors.some((e) => e.code === "TAKEN" && e.field?.at(-1) === "handle")) {
        // The article exists but Shopify's search does not list it yet (it indexes new articles with a short delay).
        throw new ShopifyRequestError(
          "rejected",
          "Shopify is still indexing an earlier copy of this article; the publication will be retried.",
          {
            transient: true,
            retryAfterMs: SEARCH_INDEX_RETRY_MS,
            cause: result.userErrors,
          },
        );
      }
      if (!result.article || result.userErrors.length > 0) {
        throw new ShopifyRequestError(
          "rejected",
          `Shopify rejected the article: ${describeUserErrors(result.userErrors)}`,
          { transient: false, cause: result.userErrors },
        );
      }
      published = result.article;
    }

    const storefront = context.shop.primaryDomain.url.replace(/\/+$/, "");
    const remoteUrl = `${storefront}/blogs/${encodeURIComponent(published.blog.handle)}/${encodeURIComponent(published.handle)}`;
    logger.info(
      { postId: post.id, shop: client.shopDomain, articleId: published.id, updated: candidates.includes(published.id) },
      "published to Shopify",
    );
    return { remoteId: published.id, remoteUrl };
  }

  /** Through the same client as the article (its pacing, retries and failures); the facts are read in one query. */
  async function readStoreProductFacts(wanted: { ids: string[]; handles: string[] }) {
    return readProductFacts(graphql("PostwrightProductFacts"), wanted);
  }

  /** A query through the article's client, answered as { data } (its failures thrown as ShopifyRequestErrors). */
  function graphql(name: string) {
    const client = connect();
    return async (query: string, variables: Record<string, unknown>) => ({
      data: await client.request({ name, document: query, data: z.any() }, variables),
    });
  }

  return {
    platform: "shopify",
    publish,
    readProductFacts: readStoreProductFacts,
    searchProducts: (words) => searchShopifyProducts(graphql("PostwrightSearchProducts"), words),
    readFeaturedItems: (ids) => readFeaturedItems(graphql("PostwrightFeaturedItems"), ids),
  };
}
