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

export function readTextBlocks(html: string): TextBlock[] {
  const blocks: TextBlock[] = [];
  let current: TextBlock = { text: "", pieces: [], links: [] };
  const openLinks: Array<{ href: string; start: number }> = [];
  const close = () => {
    if (current.text.trim()) blocks.push(current);
    current = { text: "", pieces: [], links: [] };
  };
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (BLOCKS.has(name)) close();
        if (name === "br") current.text += " ";
        if (name === "a") openLinks.push({ href: attributes["href"] ?? "", start: current.text.length });
      },
      onclosetag(name) {
        if (name === "a") {
          const link = openLinks.pop();
          if (link) current.links.push({ href: link.href, start: link.start, end: current.text.length });
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
