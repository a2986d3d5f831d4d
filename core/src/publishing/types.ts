// One contract for every destination a post can be published to. The scheduler and the publish endpoints only know
// this interface; the Shopify and WordPress clients implement it.
import type { FeaturedItem, ImageRef, Platform } from "../contracts/blog.ts";
import type { ProductFacts } from "../contracts/facts.ts";
import type { StoreProduct } from "../contracts/store-products.ts";

export interface PublishablePost {
  id: number;
  title: string;
  /** Sanitised HTML body. Image src attributes may point at this site's uploads (/uploads/...). */
  html: string;
  metaDescription: string | null;
  /** Title for search results (Shopify's SEO title, the SEO plugin's title on WordPress); null: the title is used. */
  seoTitle: string | null;
  /** The address the post goes out under (Shopify handle, WordPress slug); null on posts without one, whose address
   * the platform derives (from `handle` on Shopify, from the title on WordPress). */
  slug: string | null;
  /** The keyphrase the post is optimised for, for SEO plugins that store one (Yoast SEO, Rank Math). */
  focusKeyphrase: string | null;
  keywords: string[];
  images: ImageRef[];
  /** A stable, unique handle for the post (for example "10-steps-to-better-seo-pw42"), used to find an article
   * created earlier whose id was never recorded (a crash between the remote call and the database write). */
  handle: string;
  author: string;
}

export interface PublishResult {
  remoteId: string;
  /** Where the live post can be opened, when the platform tells. */
  remoteUrl: string | null;
}

/** Reads an image referenced by a post (an upload of this site) for re-uploading to the platform. */
export type ImageLoader = (url: string) => Promise<{ data: Buffer; contentType: string; filename: string } | null>;

export interface PublishTarget {
  readonly platform: Platform;
  /**
   * Creates the post remotely, or updates it when remoteId is given or when an earlier article with the same handle
   * exists. Never creates a second copy of the same post.
   */
  publish(post: PublishablePost, previous: { remoteId: string | null }): Promise<PublishResult>;
  /**
   * The store's current facts about these products (by ID, and by handle for products found through the site index),
   * where the platform sells them (Shopify). Products the store no longer has are left out.
   */
  readProductFacts?(wanted: { ids: string[]; handles: string[] }): Promise<ProductFacts[]>;
  /**
   * The store's products whose name matches the words (its first products for none), where the platform sells them:
   * Shopify, and WordPress when the site runs WooCommerce (null when it does not: the site sells nothing).
   */
  searchProducts?(words: string): Promise<StoreProduct[] | null>;
  /**
   * The store's own description of products (and Shopify collections) picked to feature in a post, in the order given;
   * an ID the store does not know is refused with a message naming what to change.
   */
  readFeaturedItems?(ids: string[]): Promise<FeaturedItem[]>;
  /**
   * The store's products by name and address (all of them, up to 10,000), for finding the ones a post names or links
   * to without featuring them: WordPress when the site runs WooCommerce (an empty list when it does not). Shopify's
   * products are found through the site index instead.
   */
  listProducts?(): Promise<StoreProductName[]>;
}

/** A store's product as a post may name it: "woocommerce:12", "Linen Apron", its storefront address. */
export interface StoreProductName {
  id: string;
  title: string;
  url: string;
}

/** A publication that did not go through. transient: worth retrying later (rate limits, timeouts, 5xx). */
export class PublishError extends Error {
  readonly transient: boolean;
  readonly retryAfterMs: number | undefined;

  constructor(message: string, options: { transient: boolean; retryAfterMs?: number; cause?: unknown }) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = "PublishError";
    this.transient = options.transient;
    this.retryAfterMs = options.retryAfterMs;
  }
}
