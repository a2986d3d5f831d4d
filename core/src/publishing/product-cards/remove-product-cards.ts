// Takes the post's product cards out of its HTML (the rest is left as it is): the owner turned "Show as product
// cards" off, or the cards are put in again.
import { readTopLevelElements } from "./read-top-level-elements.ts";

export function removeProductCards(html: string): string {
  const cards = readTopLevelElements(html).filter((e) => e.isProductCard);
  let result = html;
  for (const card of [...cards].reverse()) result = result.slice(0, card.start) + result.slice(card.end);
  return result;
}
