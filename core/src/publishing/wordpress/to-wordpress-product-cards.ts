// The post's HTML for WordPress: each product card becomes blocks (renderWordpressProductCard); the rest is left as it
// is (WordPress shows it as classic content).
import { readProductCards } from "../product-cards/read-product-cards.ts";
import { renderWordpressProductCard, type WordpressCardOptions } from "./render-wordpress-product-card.ts";

export function toWordpressProductCards(
  html: string,
  options: { optionsFor?: (productId: string) => WordpressCardOptions } = {},
): string {
  const cards = readProductCards(html);
  let result = html;
  for (const card of [...cards].reverse()) {
    const blocks = renderWordpressProductCard(card, options.optionsFor?.(card.productId) ?? {});
    result = `${result.slice(0, card.start)}\n\n${blocks}\n\n${result.slice(card.end)}`;
  }
  return result;
}
