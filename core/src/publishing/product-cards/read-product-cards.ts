// The product cards in a post's HTML, read back from the markup renderShopifyProductCard writes (the post holds that
// markup, and the owner may have edited its text or the store's prices may have been written into it since): what
// each card shows, for a platform that renders cards its own way (WordPress blocks).
import { Parser } from "htmlparser2";
import { PRODUCT_CARD_CLASS } from "../shopify/render-shopify-product-card.ts";
import { readTopLevelElements } from "./read-top-level-elements.ts";

export interface CardInPost {
  /** The card is html.slice(start, end). */
  start: number;
  end: number;
  /** The card's own markup, html.slice(start, end). */
  markup: string;
  productId: string;
  name: string;
  url: string;
  image: { url: string; alt: string } | null;
  /** As shown ("$19.00"); empty when the card shows none. */
  price: string;
  /** As shown ("In stock", "Sold out"); empty when the card shows none. */
  availability: string;
  /** The words of the link to the product ("View product"). */
  linkText: string;
}

function readCard(source: string): Omit<CardInPost, "start" | "end" | "markup"> | null {
  let productId = "";
  let image: CardInPost["image"] = null;
  let part = "";
  let href = "";
  const text: Record<string, string> = {};
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        const classes = (attributes["class"] ?? "").split(/\s+/);
        if (name === "div" && classes.includes(PRODUCT_CARD_CLASS)) productId = attributes["data-product-id"] ?? "";
        if (name === "img" && !image && attributes["src"])
          image = { url: attributes["src"], alt: attributes["alt"] ?? "" };
        const named = classes.find((c) => c.startsWith(`${PRODUCT_CARD_CLASS}__`));
        if (name === "p" && named) part = named.slice(PRODUCT_CARD_CLASS.length + 2);
        if (name === "a" && part === "name" && attributes["href"]) href = attributes["href"];
        if (name === "a" && !href && attributes["href"]) href = attributes["href"];
      },
      ontext(value) {
        if (part) text[part] = (text[part] ?? "") + value;
      },
      onclosetag(name) {
        if (name === "p") part = "";
      },
    },
    { decodeEntities: true, lowerCaseTags: true },
  );
  parser.write(source);
  parser.end();
  const name = (text["name"] ?? "").replace(/\s+/g, " ").trim();
  if (!name || !href) return null;
  const clean = (key: string) => (text[key] ?? "").replace(/\s+/g, " ").trim();
  return {
    productId,
    name,
    url: href,
    image,
    price: clean("price"),
    availability: clean("availability"),
    linkText: clean("link") || "View product",
  };
}

/** The cards at the top level of the post (where insertProductCards puts them); a card without a name or link is left out. */
export function readProductCards(html: string): CardInPost[] {
  return readTopLevelElements(html)
    .filter((element) => element.isProductCard)
    .flatMap((element) => {
      const markup = html.slice(element.start, element.end);
      const card = readCard(markup);
      return card ? [{ start: element.start, end: element.end, markup, ...card }] : [];
    });
}
