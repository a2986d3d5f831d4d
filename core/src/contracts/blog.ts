import { z } from "zod";
import { MAX_FEATURED_ITEMS } from "./featured-limit.ts";
import type { VoiceMatch } from "./voice.ts";
import { factsPolicySchema, type FactsPolicy, type ProductFactsReport } from "./facts.ts";

/** held: a scheduled post kept back for the owner's review because the store's products changed (lastError says how). */
export const postStatuses = ["draft", "scheduled", "published", "failed", "held"] as const;
export type PostStatus = (typeof postStatuses)[number];

export { isWrittenWithoutModel, OFFLINE_GENERATOR, offlineDraftNotice } from "./written-by.ts";

export const platforms = ["shopify", "wordpress"] as const;
export type Platform = (typeof platforms)[number];

/** Keywords arrive as a list (the form splits on commas) or as one comma-separated string. */
export const keywordsSchema = z
  .union([z.array(z.string()), z.string()])
  .transform((value) => (Array.isArray(value) ? value : value.split(",")).map((k) => k.trim()).filter(Boolean))
  .pipe(
    z
      .array(z.string().max(100, "Each keyword must be at most 100 characters"))
      .min(1, "Keywords are required")
      .max(20, "Use at most 20 keywords"),
  );

export const linkSchema = z.object({
  url: z
    .string()
    .trim()
    .pipe(z.url({ protocol: /^https?$/, error: "Each link must be a full http(s) address" })),
  description: z.string().trim().min(1, "Each link needs a description").max(300, "Link descriptions are too long"),
});
export type LinkInput = z.infer<typeof linkSchema>;

export const imageRefSchema = z.object({
  url: z.string().min(1).max(2000),
  altText: z.string().max(500).default(""),
  originalName: z.string().max(300).optional(),
  size: z.number().int().nonnegative().optional(),
});
export type ImageRef = z.infer<typeof imageRefSchema>;

/**
 * A product or collection of the owner's store: a Shopify one by its Admin API ID (the resource picker and the site's
 * product search give these), or a product of the connected WordPress site's WooCommerce ("woocommerce:<id>").
 */
export const featuredIdSchema = z
  .string()
  .trim()
  .regex(
    /^(?:gid:\/\/shopify\/(?:Product|Collection)\/\d+|woocommerce:\d+)$/,
    "Pick products or collections from your store",
  );

/** How many products or collections one post can feature, on every surface. */
export { MAX_FEATURED_ITEMS };

/**
 * A product or collection a post features, as the store describes it: looked up by ID on the server (never taken
 * from the browser), linked with its storefront URL.
 */
export const featuredItemSchema = z.object({
  kind: z.enum(["product", "collection"]),
  id: featuredIdSchema,
  title: z.string().min(1).max(300),
  handle: z.string().min(1).max(300),
  description: z.string().max(1000),
  /** The lowest price with its currency (e.g. "19.00 USD"); null for collections. */
  price: z.string().max(50).nullable(),
  url: z.url({ protocol: /^https?$/ }),
  /** The product's featured image in the store (null for collections and products without one). */
  image: z
    .object({ url: z.url({ protocol: /^https?$/ }), altText: z.string().max(500) })
    .nullable()
    .optional(),
});
export type FeaturedItem = z.infer<typeof featuredItemSchema>;

/**
 * A featured product shown as a card in the post (image, name, price, link), as the store described it when the post
 * was written: read from the store, never from the model. Kept with the post so the cards can be turned on later.
 */
export const productCardSchema = z.object({
  productId: z.string().min(1).max(200),
  title: z.string().min(1).max(300),
  url: z.url({ protocol: /^https?$/ }),
  image: z.object({ url: z.url({ protocol: /^https?$/ }), altText: z.string().max(500) }).nullable(),
  /** The lowest variant price, a decimal string ("19.00"); null when the store gives none. */
  price: z.string().max(50).nullable(),
  currencyCode: z.string().min(3).max(3),
  /** Whether any variant is for sale. */
  available: z.boolean(),
});
export type ProductCard = z.infer<typeof productCardSchema>;

export const generatePostSchema = z.object({
  title: z.string().trim().min(1, "Title is required").max(300, "Title must be at most 300 characters"),
  keywords: keywordsSchema,
  /** The keyphrase to optimise for; the first keyword when left out. */
  focusKeyphrase: z.string().trim().max(100, "Focus keyphrase must be at most 100 characters").optional(),
  companyName: z.string().trim().max(200, "Company name must be at most 200 characters").optional().default(""),
  seoInstructions: z
    .string()
    .trim()
    .max(5000, "SEO instructions must be at most 5000 characters")
    .optional()
    .default(""),
  links: z.array(linkSchema).max(20, "Add at most 20 links").optional().default([]),
  images: z.array(imageRefSchema).max(5, "Add at most 5 images").optional().default([]),
  /** Products or collections of the store to feature (Shopify): the post links to each with its storefront URL. */
  featured: z
    .array(featuredIdSchema)
    .max(MAX_FEATURED_ITEMS, `Feature at most ${MAX_FEATURED_ITEMS} products or collections`)
    .transform((ids) => [...new Set(ids)])
    .optional()
    .default([]),
  /** "Show as product cards": each featured product also appears as a card (image, name, price, link). */
  showProductCards: z.boolean().optional().default(false),
});
export type GeneratePostInput = z.infer<typeof generatePostSchema>;

/**
 * One part of a post as soon as the writer has finished it, shown while the rest is written: index 0 the
 * introduction, 1 to n the H2 sections, n + 1 the conclusion; total null until the outline is known; html sanitised
 * (its H2 included). Parts arrive in the order they finish; the finished post may still differ after the review.
 */
export const writtenPartSchema = z.object({
  index: z.number().int().min(0),
  total: z.number().int().min(1).nullable(),
  kind: z.enum(["introduction", "section", "conclusion"]),
  heading: z.string().nullable(),
  html: z.string(),
});
export type WrittenPartView = z.infer<typeof writtenPartSchema>;

export const optimizeTitleSchema = z.object({
  originalTitle: z.string().trim().min(1, "Title is required").max(300, "Title must be at most 300 characters"),
  keywords: z.array(z.string().trim().max(100)).max(20).optional().default([]),
});
export type OptimizeTitleInput = z.infer<typeof optimizeTitleSchema>;

export interface OptimizeTitleResponse {
  optimizedTitle: string;
  titleVariations: string[];
  seoScore: number;
  metaDescription: string;
}

/** A URL slug as platforms keep it: lower-case letters, digits and single hyphens. */
export const slugSchema = z
  .string()
  .trim()
  .toLowerCase()
  .min(1, "The slug cannot be empty")
  .max(200, "Slug must be at most 200 characters")
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "Use only lower-case letters, digits and single hyphens in the slug");

export const updatePostSchema = z
  .object({
    htmlContent: z.string().min(1, "Content cannot be empty").max(500_000, "Content is too long").optional(),
    title: z.string().trim().min(1, "Title is required").max(300).optional(),
    metaDescription: z.string().trim().max(320, "Meta description must be at most 320 characters").optional(),
    /** Empty clears it: the post title is then used in search results. */
    seoTitle: z.string().trim().max(300, "SEO title must be at most 300 characters").optional(),
    slug: slugSchema.optional(),
    /** Changing the slug of a published post breaks links to it: it needs this explicit confirmation. */
    confirmSlugChange: z.boolean().optional(),
    /** Empty goes back to the first keyword. */
    focusKeyphrase: z.string().trim().max(100, "Focus keyphrase must be at most 100 characters").optional(),
    /** What a scheduled post does when the store's products changed: "hold" it for review or "update_prices". */
    factsPolicy: factsPolicySchema.optional(),
    /** Shows (true) or takes out (false) the cards of the post's featured products. */
    showProductCards: z.boolean().optional(),
  })
  .refine(
    (v) =>
      v.htmlContent !== undefined ||
      v.title !== undefined ||
      v.metaDescription !== undefined ||
      v.seoTitle !== undefined ||
      v.slug !== undefined ||
      v.focusKeyphrase !== undefined ||
      v.factsPolicy !== undefined ||
      v.showProductCards !== undefined,
    { message: "Nothing to update" },
  );
export type UpdatePostInput = z.infer<typeof updatePostSchema>;

/** Takes a link out of a post (its anchors are unwrapped, their text stays). */
export const removePostLinkSchema = z.object({
  url: z.string().trim().min(1, "Say which link to remove").max(2000, "The link is too long"),
});
export type RemovePostLinkInput = z.infer<typeof removePostLinkSchema>;

export const schedulePostSchema = z.object({
  scheduledDate: z.iso.datetime({ offset: true, error: "Choose a valid date and time" }),
  platforms: z
    .array(z.enum(platforms, { error: "Platforms must be shopify or wordpress" }))
    .min(1, "Choose at least one platform")
    .transform((list) => [...new Set(list)]),
});
export type SchedulePostInput = z.infer<typeof schedulePostSchema>;

export interface SeoCheckResult {
  id: string;
  label: string;
  status: "pass" | "warn" | "fail";
  message: string;
}

export interface BlogPostView {
  id: number;
  title: string;
  htmlContent: string;
  content: string;
  metaDescription: string | null;
  /** Title for search results; null on posts written before it was stored (the title is used then). */
  seoTitle: string | null;
  /** The post's address on the platforms (Shopify handle, WordPress slug); null until one is set. */
  slug: string | null;
  /** The keyphrase the SEO checks read: the owner's choice, else the first keyword. */
  focusKeyphrase: string;
  keywords: string[];
  seoInstructions: string | null;
  companyName: string | null;
  links: LinkInput[];
  images: ImageRef[];
  status: PostStatus;
  wordCount: number;
  readingTime: number;
  seoScore: number;
  seoChecks: SeoCheckResult[];
  generator: string | null;
  isScheduled: boolean;
  scheduledPublishDate: string | null;
  scheduledPlatforms: Platform[];
  shopifyArticleId: string | null;
  wordpressPostId: string | null;
  publications: Array<{
    platform: Platform;
    status: string;
    remoteUrl: string | null;
    lastError: string | null;
    publishedAt: string | null;
  }>;
  lastError: string | null;
  /** The last "Product facts" check of the post against the store (null until one ran: no store products named). */
  productFacts: ProductFactsReport | null;
  /** What a scheduled post does when the store's facts changed: hold it for review, or write the current prices in. */
  factsPolicy: FactsPolicy;
  /** Whether the post shows its featured products as cards ("Show as product cards"). */
  showProductCards: boolean;
  /** The cards the post can show: its featured products as the store described them when it was written. */
  productCards: ProductCard[];
  /**
   * How close the post as it stands is to its site's voice (measured again on every read and save of one post);
   * absent without a voice, and in lists.
   */
  voiceMatch?: VoiceMatch | null;
  createdAt: string;
  updatedAt: string;
}

export interface GeneratePostResponse {
  blogPost: BlogPostView;
  generatedContent: {
    wordCount: number;
    readingTime: number;
    seoScore: number;
    /** How close the post is to its site's voice (a measured distance and a 0-100 match); absent without a voice. */
    voiceMatch?: VoiceMatch;
  };
  tierInfo: { usageRemaining: number };
}

export interface UploadedImage {
  url: string;
  altText: string;
  originalName: string;
  size: number;
}
