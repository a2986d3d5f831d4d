// The cards kept with a post, with the store's current price and stock for each product the store still has: what
// "update_prices" writes back, so that cards turned off and on again later show the prices written into the post.
import { z } from "zod";
import { productCardSchema, type ProductCard } from "../contracts/blog.ts";
import type { ProductFacts } from "../contracts/facts.ts";

export function refreshProductCards(kept: unknown, current: readonly ProductFacts[]): ProductCard[] | null {
  const cards = z.array(productCardSchema).safeParse(kept).data;
  if (!cards?.length) return null;
  return cards.map((card) => {
    const product = current.find((p) => p.id === card.productId);
    const prices = (product?.variants ?? []).map((v) => Number(v.price)).filter(Number.isFinite);
    if (!product || prices.length === 0) return card;
    return {
      ...card,
      price: Math.min(...prices).toFixed(2),
      currencyCode: product.currencyCode,
      available: product.variants.some((v) => v.availableForSale),
    };
  });
}
