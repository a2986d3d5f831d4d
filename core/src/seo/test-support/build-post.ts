import { buildSeoContext, type SeoContext } from "../context.ts";
import type { SeoInput } from "../types.ts";
import { SAMPLE_INTRODUCTION, SAMPLE_POST, SAMPLE_SECTIONS } from "./sample-post.ts";

/** The sample post with some fields replaced, ready for the checks. */
export function contextFor(overrides: Partial<SeoInput> = {}): SeoContext {
  return buildSeoContext({ ...SAMPLE_POST, ...overrides });
}

export const p = (text: string): string => `<p>${text}</p>`;
export const h = (level: number, text: string): string => `<h${level}>${text}</h${level}>`;

/** All the sample post's paragraphs, in order, as plain text. */
export const SAMPLE_PARAGRAPHS: string[] = [
  ...SAMPLE_INTRODUCTION,
  ...SAMPLE_SECTIONS.flatMap((section) => section.paragraphs),
].map((text) => text.replace(/<[^>]+>/g, ""));

/** The first `count` words of the sample post's prose, as paragraphs of at most `perParagraph` words. */
export function proseOfWords(count: number, perParagraph = 60): string {
  const words = SAMPLE_PARAGRAPHS.join(" ").split(/\s+/);
  while (words.length < count) words.push(...words);
  const chosen = words.slice(0, count);
  const paragraphs: string[] = [];
  for (let i = 0; i < chosen.length; i += perParagraph) paragraphs.push(p(chosen.slice(i, i + perParagraph).join(" ")));
  return paragraphs.join("\n");
}

/** Paragraphs of the sample post, as HTML, from the first, until there are at least `count` words. */
export function paragraphsOfAtLeast(count: number): string {
  const chosen: string[] = [];
  let words = 0;
  for (let i = 0; words < count; i++) {
    const paragraph = SAMPLE_PARAGRAPHS[i % SAMPLE_PARAGRAPHS.length] ?? "";
    chosen.push(p(paragraph));
    words += paragraph.split(/\s+/).length;
  }
  return chosen.join("\n");
}
