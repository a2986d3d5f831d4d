import { Parser } from "htmlparser2";

/**
 * The small document model every check reads. The body HTML is parsed once, in one streaming pass (no DOM tree),
 * into the blocks of visible text, the links and the images.
 */
export type SeoBlockKind = "heading" | "paragraph" | "listItem" | "other";

export interface SeoBlock {
  kind: SeoBlockKind;
  /** 1..6 for headings, 0 for everything else. */
  level: number;
  /** Visible text with whitespace collapsed. */
  text: string;
}

export interface SeoLink {
  href: string;
  text: string;
  nofollow: boolean;
}

export interface SeoImage {
  src: string;
  alt: string;
}

export interface SeoDocument {
  blocks: SeoBlock[];
  links: SeoLink[];
  images: SeoImage[];
}

// Elements whose content a reader never sees as text.
const HIDDEN_ELEMENTS = new Set([
  "script",
  "style",
  "noscript",
  "template",
  "head",
  "title",
  "svg",
  "math",
  "iframe",
  "object",
]);

// Elements that start a new block of text, and what text directly inside them counts as.
const BLOCK_ELEMENTS = new Map<string, SeoBlockKind>([
  ["p", "paragraph"],
  ["div", "paragraph"],
  ["section", "paragraph"],
  ["article", "paragraph"],
  ["main", "paragraph"],
  ["header", "paragraph"],
  ["footer", "paragraph"],
  ["aside", "paragraph"],
  ["nav", "paragraph"],
  ["blockquote", "paragraph"],
  ["address", "paragraph"],
  ["details", "paragraph"],
  ["body", "paragraph"],
  ["html", "paragraph"],
  ["li", "listItem"],
  ["dt", "listItem"],
  ["dd", "listItem"],
  ["ul", "other"],
  ["ol", "other"],
  ["dl", "other"],
  ["summary", "other"],
  ["figure", "other"],
  ["figcaption", "other"],
  ["pre", "other"],
  ["table", "other"],
  ["caption", "other"],
  ["thead", "other"],
  ["tbody", "other"],
  ["tfoot", "other"],
  ["tr", "other"],
  ["td", "other"],
  ["th", "other"],
  ["h1", "heading"],
  ["h2", "heading"],
  ["h3", "heading"],
  ["h4", "heading"],
  ["h5", "heading"],
  ["h6", "heading"],
]);

interface OpenBlock {
  name: string;
  kind: SeoBlockKind;
  level: number;
}

interface OpenLink {
  href: string;
  nofollow: boolean;
  parts: string[];
}

// Runs of whitespace, or whitespace other than a plain space: most text needs no collapsing at all.
const UNTIDY_WHITESPACE = /\s\s|[^\S ]/;

function collapseWhitespace(text: string): string {
  return UNTIDY_WHITESPACE.test(text) ? text.replace(/\s+/g, " ").trim() : text.trim();
}

export function parseSeoDocument(html: string): SeoDocument {
  const blocks: SeoBlock[] = [];
  const links: SeoLink[] = [];
  const images: SeoImage[] = [];
  const open: OpenBlock[] = [];
  let parts: string[] = [];
  let hiddenDepth = 0;
  let link: OpenLink | null = null;

  const flush = (): void => {
    if (parts.length === 0) return;
    const text = collapseWhitespace(parts.join(""));
    parts = [];
    if (text === "") return;
    const current = open[open.length - 1];
    blocks.push({ kind: current?.kind ?? "paragraph", level: current?.level ?? 0, text });
  };

  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (HIDDEN_ELEMENTS.has(name)) {
          hiddenDepth++;
          return;
        }
        if (hiddenDepth > 0) return;
        const kind = BLOCK_ELEMENTS.get(name);
        if (kind !== undefined) {
          flush();
          open.push({ name, kind, level: kind === "heading" ? Number(name.charAt(1)) : 0 });
        } else if (name === "br") {
          parts.push("\n");
        } else if (name === "hr") {
          flush();
        } else if (name === "a") {
          const rel = (attributes.rel ?? "").toLowerCase();
          link = { href: (attributes.href ?? "").trim(), nofollow: /\bnofollow\b/.test(rel), parts: [] };
        } else if (name === "img") {
          images.push({ src: attributes.src ?? "", alt: collapseWhitespace(attributes.alt ?? "") });
        }
      },
      ontext(text) {
        if (hiddenDepth > 0) return;
        parts.push(text);
        if (link !== null) link.parts.push(text);
      },
      onclosetag(name) {
        if (HIDDEN_ELEMENTS.has(name)) {
          if (hiddenDepth > 0) hiddenDepth--;
          return;
        }
        if (hiddenDepth > 0) return;
        if (BLOCK_ELEMENTS.has(name)) {
          flush();
          // Pop up to the matching element, so that unclosed children cannot leak their kind outward.
          for (let i = open.length - 1; i >= 0; i--) {
            if (open[i]?.name === name) {
              open.length = i;
              break;
            }
          }
        } else if (name === "a" && link !== null) {
          links.push({ href: link.href, nofollow: link.nofollow, text: collapseWhitespace(link.parts.join("")) });
          link = null;
        }
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.end(html);
  flush();
  return { blocks, links, images };
}
