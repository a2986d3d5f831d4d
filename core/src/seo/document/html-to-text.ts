import { parseSeoDocument } from "./parse-seo-document.ts";

/** The text a reader sees: one line per block (paragraph, heading, list item...), no tags, scripts or styles. */
export function htmlToText(html: string): string {
  return parseSeoDocument(html)
    .blocks.map((block) => block.text)
    .join("\n");
}
