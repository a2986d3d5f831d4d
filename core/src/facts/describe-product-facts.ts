// What the store says about a featured product, in a sentence the writer is given with it (its options, prices and
// what is sold out), so that a post names only the store's own facts, never a model's memory of them.
import type { FeaturedItem } from "../contracts/blog.ts";
import type { ProductFacts } from "../contracts/facts.ts";
import { priceRange } from "./check-product-facts.ts";

export function describeProductFacts(product: ProductFacts): string {
  const parts = product.options.map((o) => `${o.name}: ${o.values.join(", ")}`);
  parts.push(`price ${priceRange(product)}`);
  const soldOut = product.variants.filter((v) => !v.availableForSale);
  if (soldOut.length === product.variants.length) parts.push("sold out");
  else if (soldOut.length) parts.push(`sold out: ${soldOut.map((v) => v.title).join(", ")}`);
  else parts.push("in stock");
  return `Store facts: ${parts.join("; ")}.`;
}

/** The featured items with each product's store facts added to its description (within the description's limit). */
export function withStoreFacts(featured: FeaturedItem[], facts: readonly ProductFacts[]): FeaturedItem[] {
  return featured.map((item) => {
    const product = item.kind === "product" ? facts.find((p) => p.id === item.id) : undefined;
    if (!product) return item;
    const description = [describeProductFacts(product), item.description].filter(Boolean).join(" ");
    return { ...item, description: description.slice(0, 1000) };
  });
}
