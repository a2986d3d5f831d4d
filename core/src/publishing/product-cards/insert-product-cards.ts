// Puts the cards of a post's featured products into its HTML: each after the first paragraph (or list, or quote) that
// mentions its product (a link to its page or its name), else before the conclusion (the last H2), else at the end.
import type { ProductCard } from "../../contracts/blog.ts";
import { renderShopifyProductCard } from "../shopify/render-shopify-product-card.ts";
import { readTopLevelElements } from "./read-top-level-elements.ts";

const MENTIONING = new Set(["p", "ul", "ol", "blockquote", "table", "figure"]);

const pathOf = (url: string) => {
  try {
    return new URL(url, "http://post.invalid").pathname.replace(/\/+$/, "").toLowerCase();
  } catch {
    return "";
  }
};

function mentions(element: { text: string; hrefs: string[] }, card: { title: string; url: string }): boolean {
  const path = pathOf(card.url);
  if (path && element.hrefs.some((href) => pathOf(href) === path)) return true;
  const text = element.text.replace(/\s+/g, " ").toLowerCase();
  return card.title.trim().length >= 4 && text.includes(card.title.replace(/\s+/g, " ").trim().toLowerCase());
}

/** A card already written (read back from the post with its markup), placed again as it is. */
export interface WrittenCard {
  title: string;
  url: string;
  markup: string;
}

/** The post with a card for each of `cards`, each placed once. */
export function insertProductCards(html: string, cards: ReadonlyArray<ProductCard | WrittenCard>): string {
  if (cards.length === 0) return html;
  const elements = readTopLevelElements(html);
  const headings = elements.filter((e) => e.tag === "h2");
  const conclusion = headings.length >= 2 ? headings.at(-1)!.start : html.length;
  const at = new Map<number, string[]>();
  for (const card of cards) {
    const mention = elements.find((e) => MENTIONING.has(e.tag) && !e.isProductCard && mentions(e, card));
    const position = mention ? mention.end : conclusion;
    at.set(position, [...(at.get(position) ?? []), "markup" in card ? card.markup : renderShopifyProductCard(card)]);
  }
  let result = html;
  for (const position of [...at.keys()].sort((a, b) => b - a)) {
    result = result.slice(0, position) + at.get(position)!.join("") + result.slice(position);
  }
  return result;
}
