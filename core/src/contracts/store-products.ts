// The owner's store products a post can feature, as the site's write form searches them: from the connected Shopify
// store, and from the connected WordPress site's WooCommerce. Only the IDs go back with the form; the server reads
// each picked product from its store again when the post is written.
import { z } from "zod";
import { featuredIdSchema } from "./blog.ts";

export const storeProductSources = ["shopify", "woocommerce"] as const;
export type StoreProductSource = (typeof storeProductSources)[number];

export const storeProductSearchQuerySchema = z.object({
  /** Words of the product's name; empty lists the store's first products. */
  q: z.string().trim().max(100, "Search with at most 100 characters").optional().default(""),
});
export type StoreProductSearchQuery = z.infer<typeof storeProductSearchQuerySchema>;

export const storeProductSchema = z.object({
  id: featuredIdSchema,
  source: z.enum(storeProductSources),
  title: z.string(),
  /** The lowest price with its currency ("19.00 USD"); null when the store gives none. */
  price: z.string().nullable(),
  /** Whether the product (any of its variants) is for sale. */
  available: z.boolean(),
  url: z.string(),
  image: z.object({ url: z.string(), altText: z.string() }).nullable(),
});
export type StoreProduct = z.infer<typeof storeProductSchema>;

export const storeProductSearchSchema = z.object({
  /** The stores searched: the connected Shopify store, the connected WordPress site when it runs WooCommerce. */
  sources: z.array(z.enum(storeProductSources)),
  /** How many products or collections one post can feature. */
  maxFeatured: z.number().int(),
  products: z.array(storeProductSchema),
  /** Stores that could not be searched just now, in words for the owner (the others' products are still listed). */
  problems: z.array(z.string()),
});
export type StoreProductSearch = z.infer<typeof storeProductSearchSchema>;
