// A post's HTML as blocks of text (paragraphs, list items, headings, table cells, captions), each with the links it
// holds and where each piece of its text sits in the source, so that a claim found in a block can be attributed to the
// product named nearest to it and, for prices, rewritten in place.
import { Parser } from "htmlparser2";

export interface TextPiece {
  /** Offset of the piece in the block's text. */
  start: number;
  /** Offset of the piece in the HTML source (its text is the source's, entities not decoded). */
  sourceStart: number;
  text: string;
}

export interface TextBlock {
  text: string;
  pieces: TextPiece[];
  links: Array<{ href: string; start: number; end: number }>;
}

const BLOCKS = new Set([
  "p",
  "li",
  "h1",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "td",
  "th",
  "blockquote",
  "figcaption",
  "dd",
  "dt",
  "div",
  "section",
]);

/** A product card (publishing/product-cards) reads as one block: its name, price and availability belong together. */
const isProductCard = (name: string, attributes: Record<string, string>) =>
  name === "div" && (attributes["class"] ?? "").split(/\s+/).includes("postwright-product-card");

export function readTextBlocks(html: string): TextBlock[] {
  const blocks: TextBlock[] = [];
  let current: TextBlock = { text: "", pieces: [], links: [] };
  const openLinks: Array<{ href: string; start: number }> = [];
  // Inside a product card: how many of its divs are open (0: not in a card).
  let cardDepth = 0;
  const close = () => {
    if (current.text.trim()) blocks.push(current);
    current = { text: "", pieces: [], links: [] };
  };
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (cardDepth > 0) {
          if (name === "div") cardDepth++;
          if (BLOCKS.has(name)) current.text += " ";
        } else if (isProductCard(name, attributes)) {
          close();
          cardDepth = 1;
        } else if (BLOCKS.has(name)) close();
        if (name === "br") current.text += " ";
        if (name === "a") openLinks.push({ href: attributes["href"] ?? "", start: current.text.length });
      },
      onclosetag(name) {
        if (name === "a") {
          const link = openLinks.pop();
          if (link) current.links.push({ href: link.href, start: link.start, end: current.text.length });
        }
        if (cardDepth > 0) {
          if (name === "div") cardDepth--;
          if (cardDepth > 0) {
            if (BLOCKS.has(name)) current.text += " ";
            return;
          }
        }
        if (BLOCKS.has(name)) close();
      },
      ontext(text) {
        current.pieces.push({ start: current.text.length, sourceStart: parser.startIndex, text });
        current.text += text;
      },
    },
    { decodeEntities: false, lowerCaseTags: true },
  );
  parser.write(html);
  parser.end();
  close();
  return blocks;
}
