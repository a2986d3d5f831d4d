// The store's facts about its products (as read from the store, never from a model) and the "Product facts" check of a
// post against them: each product the post names, and whether what the post says of it (a price, a size or material,
// in stock or sold out) agrees with the store.
import { z } from "zod";

export const productVariantFactsSchema = z.object({
  id: z.string(),
  title: z.string(),
  /** Shopify's decimal string, e.g. "19.00". */
  price: z.string(),
  availableForSale: z.boolean(),
  options: z.array(z.object({ name: z.string(), value: z.string() })),
});

export const productFactsSchema = z.object({
  id: z.string(),
  title: z.string(),
  handle: z.string(),
  /** The product's page on the storefront (null when it is not on the online store). */
  url: z.string().nullable(),
  currencyCode: z.string(),
  options: z.array(z.object({ name: z.string(), values: z.array(z.string()) })),
  variants: z.array(productVariantFactsSchema),
});
export type ProductFacts = z.infer<typeof productFactsSchema>;
export type ProductVariantFacts = z.infer<typeof productVariantFactsSchema>;

export const productFactFindingSchema = z.object({
  kind: z.enum(["price", "option", "stock"]),
  /** What the post says, as written ("$19.00", "Large", "in stock"). */
  post: z.string(),
  /** What the store says ("$24.00", "Small, Medium", "sold out"). */
  store: z.string(),
  agrees: z.boolean(),
});
export type ProductFactFinding = z.infer<typeof productFactFindingSchema>;

export const productFactsStatuses = ["agrees", "mismatch", "not_checkable"] as const;

export const productFactsItemSchema = z.object({
  productId: z.string().nullable(),
  title: z.string(),
  url: z.string().nullable(),
  status: z.enum(productFactsStatuses),
  /** The post's claims about the product near each place it is named, with the store's answer. */
  findings: z.array(productFactFindingSchema),
  /** In words, for the owner. */
  summary: z.string(),
});
export type ProductFactsItem = z.infer<typeof productFactsItemSchema>;

export const productFactsReportSchema = z.object({
  checkedAt: z.string(),
  products: z.array(productFactsItemSchema),
  /** How many products the post disagrees with the store about. */
  mismatches: z.number().int().min(0),
});
export type ProductFactsReport = z.infer<typeof productFactsReportSchema>;

/**
 * What a scheduled post does when the store's facts changed since it was written: "hold" keeps it back for the owner's
 * review (nothing is published), "update_prices" writes the store's current prices into it and publishes (any other
 * mismatch, such as a size no longer sold, still holds it).
 */
export const factsPolicies = ["hold", "update_prices"] as const;
export type FactsPolicy = (typeof factsPolicies)[number];
export const factsPolicySchema = z.enum(factsPolicies, { error: 'Choose "hold" or "update_prices"' });
