// The top-level elements of a post's HTML with where each is in the source, its text and its links: where a product
// card can go, and where the cards already are.
import { Parser } from "htmlparser2";
import { PRODUCT_CARD_CLASS } from "../shopify/render-shopify-product-card.ts";

export interface TopLevelElement {
  tag: string;
  /** Offsets in the source: the element is html.slice(start, end). */
  start: number;
  end: number;
  text: string;
  hrefs: string[];
  isProductCard: boolean;
}

export const isProductCardClass = (value: string | undefined) =>
  (value ?? "").split(/\s+/).includes(PRODUCT_CARD_CLASS);

export function readTopLevelElements(html: string): TopLevelElement[] {
  const elements: TopLevelElement[] = [];
  let depth = 0;
  let current: TopLevelElement | undefined;
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (depth === 0) {
          current = {
            tag: name,
            start: parser.startIndex,
            end: parser.endIndex + 1,
            text: "",
            hrefs: [],
            isProductCard: name === "div" && isProductCardClass(attributes["class"]),
          };
        }
        if (name === "a" && current && attributes["href"]) current.hrefs.push(attributes["href"]);
        depth++;
      },
      ontext(text) {
        if (current) current.text += text;
      },
      onclosetag() {
        depth = Math.max(0, depth - 1);
        if (depth === 0 && current) {
          // A void element (img, hr) or an implied close ends where its tag ends.
          current.end = Math.max(current.end, parser.endIndex + 1);
          elements.push(current);
          current = undefined;
        }
      },
    },
    { decodeEntities: true, lowerCaseTags: true },
  );
  parser.write(html);
  parser.end();
  return elements;
}
