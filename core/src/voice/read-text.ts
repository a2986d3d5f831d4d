// A post as the voice measures it: its blocks (headings, paragraphs, list items) as plain text, from HTML (WordPress's
// rendered content, a Shopify article's body) or from plain text (blank lines between paragraphs, "# " headings and
// "- " list items, as an owner may paste them).
import { splitSentences } from "../seo/text/sentences.ts";

export interface TextBlock {
  kind: "heading" | "paragraph" | "item";
  text: string;
}

export interface ReadText {
  blocks: TextBlock[];
  /** Lists (a run of items counts once). */
  lists: number;
}

const entities: Record<string, string> = {
  amp: "&",
  quot: '"',
  apos: "'",
  lt: "<",
  gt: ">",
  nbsp: " ",
  rsquo: "’",
  lsquo: "‘",
  rdquo: "”",
  ldquo: "“",
  hellip: "…",
  mdash: "—",
  ndash: "–",
};

export function decodeEntities(text: string): string {
  return text
    .replace(/&#(\d+);/g, (_, code: string) => String.fromCodePoint(Number(code)))
    .replace(/&#x([0-9a-f]+);/gi, (_, code: string) => String.fromCodePoint(parseInt(code, 16)))
    .replace(/&([a-z]+);/gi, (whole, name: string) => entities[name.toLowerCase()] ?? whole);
}

const clean = (text: string) =>
  decodeEntities(text.replace(/<br\s*\/?>/gi, "\n").replace(/<[^>]*>/g, " "))
    .replace(/\s+/g, " ")
    .trim();

export function readText(source: string): ReadText {
  if (!/<\/?(?:p|h[1-6]|li|div|br|ul|ol)\b/i.test(source)) return readPlain(source);
  const blocks: TextBlock[] = [];
  const html = source.replace(/<!--[\s\S]*?-->/g, "").replace(/<(script|style)\b[\s\S]*?<\/\1>/gi, "");
  const lists = (html.match(/<(?:ul|ol)\b/gi) ?? []).length;
  // Each block-level tag closes the text before it; the text is then filed under the block it was in.
  const pattern = /<\/?(h[1-6]|p|li|ul|ol|div|blockquote|figure|figcaption|table|tr|td|th)\b[^>]*>/gi;
  let kind: TextBlock["kind"] = "paragraph";
  let last = 0;
  const flush = (end: number) => {
    const text = clean(html.slice(last, end));
    if (text) blocks.push({ kind, text });
  };
  for (let m = pattern.exec(html); m !== null; m = pattern.exec(html)) {
    flush(m.index);
    last = m.index + m[0].length;
    const tag = (m[1] ?? "").toLowerCase();
    const closing = m[0].startsWith("</");
    if (/^h[1-6]$/.test(tag)) kind = closing ? "paragraph" : "heading";
    else if (tag === "li") kind = closing ? "paragraph" : "item";
    else if (tag === "figcaption" && !closing)
      kind = "heading"; // a caption is not prose
    else if (!closing && tag === "p" && kind !== "item") kind = "paragraph";
    else if (closing && tag === "figcaption") kind = "paragraph";
  }
  flush(html.length);
  return { blocks, lists };
}

function readPlain(text: string): ReadText {
  const blocks: TextBlock[] = [];
  let lists = 0;
  let inList = false;
  for (const chunk of decodeEntities(text).split(/\n\s*\n/)) {
    for (const line of chunk.split("\n").every((l) => /^\s*(?:[-*•]|\d+[.)])\s+/.test(l) || !l.trim())
      ? chunk.split("\n")
      : [chunk]) {
      const trimmed = line.replace(/\s+/g, " ").trim();
      if (!trimmed) continue;
      const item = /^(?:[-*•]|\d+[.)])\s+(.*)$/.exec(trimmed);
      if (item) {
        if (!inList) lists++;
        inList = true;
        blocks.push({ kind: "item", text: item[1] ?? "" });
        continue;
      }
      inList = false;
      const heading = /^#{1,6}\s+(.*)$/.exec(trimmed);
      if (heading) blocks.push({ kind: "heading", text: heading[1] ?? "" });
      else blocks.push({ kind: "paragraph", text: trimmed });
    }
    inList = false;
  }
  return { blocks, lists };
}

/** Words, lower case, with apostrophes kept inside contractions ("don't", "it's"). */
export function wordsOf(text: string): string[] {
  return (
    text
      .toLowerCase()
      .replace(/[’‘]/g, "'")
      .match(/[\p{L}\p{N}]+(?:'[\p{L}]+)?/gu) ?? []
  ).map((w) => w);
}

/** The sentences of the post's prose (paragraphs only: headings and list items are not sentences of the voice). */
export function proseSentences(read: ReadText): string[] {
  return read.blocks.filter((b) => b.kind === "paragraph").flatMap((b) => splitSentences(b.text));
}
