// The words sent to the model at each step of the pipeline. Each step gets the same brief (so that parallel
// sections agree on voice and vocabulary) and only the part of the plan it needs.
import type { Brief } from "../brief.ts";
import { voiceLines } from "./voice-lines.ts";
import type { Outline } from "./schema.ts";

export const writerSystemPrompt = [
  "You are a senior SEO copywriter who writes blog posts for online stores and websites.",
  "Write in the language of the post title. Write clear, friendly and accurate prose: short sentences (most under 20 words),",
  "short paragraphs of 2-4 sentences, active voice, and transition words (for example, however, therefore, in addition,",
  "as a result, first, finally) at the start of many sentences.",
  "Never invent statistics, prices, quotes, awards or facts about the company. Never use markdown.",
  'Text inside paragraphs may use only <strong>, <em> and <a href="..."> tags.',
].join(" ");

export function briefText(brief: Brief): string {
  return [
    `Post title: ${brief.title}`,
    `Focus keyphrase: ${brief.keyphrase}`,
    `Other keywords: ${brief.secondaryKeywords.length ? brief.secondaryKeywords.join(", ") : "none"}`,
    `Company: ${brief.companyName || "none given (write for the reader, without naming a company)"}`,
    `Author's instructions: ${brief.instructions || "none"}`,
    ...featuredLines(brief.featured),
    ...voiceLines(brief.voice),
  ].join("\n");
}

/** What the store says about the products and collections the post features: the only facts about them to use. */
function featuredLines(featured: Brief["featured"]): string[] {
  if (featured.length === 0) return [];
  return [
    "Products and collections of the store to feature (recommend them where they help the reader; use only these facts):",
    ...featured.map(
      (item) =>
        `- ${item.kind} "${item.title}"${item.price ? `, from ${item.price}` : ""}${item.description ? `: ${item.description}` : ""}`,
    ),
  ];
}

function outlineText(outline: Outline): string {
  return outline.sections
    .map((s, i) => `${i + 1}. ${s.heading}${s.subheadings.length ? ` (${s.subheadings.join("; ")})` : ""}`)
    .join("\n");
}

export interface LengthPlan {
  introWords: number;
  conclusionWords: number;
  sectionCount: number;
  sectionWords: number;
}

/** Splits the target length between introduction, sections of about 250 words, and conclusion. */
export function planLength(targetWords: number): LengthPlan {
  const introWords = 150;
  const conclusionWords = 120;
  const body = Math.max(600, targetWords - introWords - conclusionWords);
  const sectionCount = Math.min(7, Math.max(3, Math.round(body / 250)));
  return { introWords, conclusionWords, sectionCount, sectionWords: Math.round(body / sectionCount) };
}

export function outlinePrompt(brief: Brief, length: LengthPlan, targetWords: number): string {
  const keyphraseHeadings = Math.ceil(length.sectionCount / 2);
  return [
    `Plan the body of a blog post of about ${targetWords} words.`,
    "",
    briefText(brief),
    "",
    "Return:",
    "- searchIntent: what the reader who searches the focus keyphrase wants.",
    `- sections: exactly ${length.sectionCount} H2 sections in a logical order, not counting the introduction and the conclusion (written separately).`,
    `  Put the focus keyphrase in ${keyphraseHeadings} of the headings and the other keywords in others where natural.`,
    "  Give each section 0-2 H3 subheadings and 2-4 short key points it must cover.",
    "- conclusionHeading: the H2 heading of the closing section.",
  ].join("\n");
}

/** The title and description shown in search results, asked for beside the plan. */
export function searchSnippetPrompt(brief: Brief): string {
  return [
    "Write the search result snippet of this blog post.",
    "",
    briefText(brief),
    "",
    "Return:",
    "- seoTitle: the title shown in Google (the post keeps the author's title on the page), at most 60 characters (Google shows",
    "  about 600 px), starting with the exact focus keyphrase, written as a person would write a headline: the author's wording",
    '  where it already works, the keyphrase in its natural case, no filler such as "Made Simple", "Ultimate Guide" or "Expert Tips".',
    brief.requestedMetaDescription
      ? `- metaDescription: the author chose this one, return it unchanged: ${brief.requestedMetaDescription}`
      : "- metaDescription: 120-156 characters, includes the focus keyphrase, tells the reader what they will get.",
  ].join("\n");
}

function linkLines(links: Brief["links"], keyphrase: string): string[] {
  if (links.length === 0) return ["Links to include: none. Do not add any links."];
  return [
    "Links to include, each exactly once, inside a sentence, with natural anchor text of 2-6 words (never the bare address),",
    `written as <a href="URL">anchor text</a>. The anchor text must not contain the focus keyphrase "${keyphrase}" or all of`,
    "its words (this post, not the linked page, should rank for it): describe the linked page in other words. Add no other links:",
    ...links.map((link) =>
      link.featured
        ? `- ${link.url} (the ${link.featured.kind} "${link.featured.title}": use its name as the anchor text)`
        : `- ${link.url} (about: ${link.description})`,
    ),
  ];
}

export function sectionPrompt(
  brief: Brief,
  outline: Outline,
  index: number,
  words: number,
  links: Brief["links"],
): string {
  const section = outline.sections[index];
  if (!section) throw new Error(`no section ${index}`);
  return [
    `Write section ${index + 1} of ${outline.sections.length} of this blog post.`,
    "",
    briefText(brief),
    `Search intent: ${outline.searchIntent}`,
    "",
    "Outline of the whole post:",
    outlineText(outline),
    "",
    "Section to write now:",
    `Heading (H2): ${section.heading}`,
    `Subheadings (H3): ${section.subheadings.length ? section.subheadings.join(" | ") : "none"}`,
    "Key points:",
    ...section.keyPoints.map((point) => `- ${point}`),
    `Length: about ${words} words.`,
    ...linkLines(links, brief.keyphrase),
    "",
    "Rules: the first part has subheading null and opens the section (do not repeat the H2); then one part per H3 subheading,",
    `in the order given. Use the focus keyphrase "${brief.keyphrase}" once or twice where it reads naturally.`,
    "Do not write an introduction or a conclusion for the whole post; other sections cover the other points.",
    "Add a short bullet list only where it helps the reader.",
  ].join("\n");
}

/** The introduction is written while the body is planned: it introduces the topic, not the list of sections. */
export function introductionPrompt(brief: Brief, words: number): string {
  return [
    "Write the introduction of this blog post: the text before the first H2 heading.",
    "",
    briefText(brief),
    "",
    `Length: about ${words} words in 2-3 short paragraphs.`,
    `The first sentence must contain the focus keyphrase "${brief.keyphrase}" word for word.`,
    "Say what problem the post solves and what the reader will learn, without listing the sections.",
    brief.companyName ? `Mention ${brief.companyName} once, naturally.` : "",
    "Add no links and no headings.",
  ]
    .filter((line) => line !== "")
    .join("\n");
}

export function conclusionPrompt(brief: Brief, outline: Outline, words: number): string {
  return [
    `Write the conclusion of this blog post, the text under its last heading "${outline.conclusionHeading}".`,
    "",
    briefText(brief),
    "",
    "Outline:",
    outlineText(outline),
    "",
    `Length: about ${words} words in 1-2 paragraphs.`,
    `Sum up the main points, use the focus keyphrase "${brief.keyphrase}" once,`,
    brief.voice && brief.voice.closing !== "call-to-action"
      ? "and end the way the owner's voice closes a post (see Closing above)."
      : brief.companyName
        ? `and end with a clear call to action that invites the reader to ${brief.companyName}.`
        : "and end with a clear call to action.",
    "Add no links and no headings.",
  ].join("\n");
}

/** A rewrite of one paragraph for what the review found in it. */
export function paragraphRevisionPrompt(
  brief: Brief,
  block: { id: string; html: string; heading: string | null; before: string | null },
  asks: string[],
): string {
  return [
    "Rewrite one paragraph of a blog post so that it fixes what an SEO review found, and change nothing else.",
    "",
    briefText(brief),
    "",
    `Section: ${block.heading ?? "the introduction"}`,
    `Paragraph before it: ${block.before ?? "none (it opens the section)"}`,
    `Paragraph to rewrite (${block.id}):`,
    block.html,
    "",
    "What to fix in it:",
    ...asks.map((ask) => `- ${ask}`),
    "",
    "Keep its meaning, facts and voice and about its length; keep every link (<a href>) with the same address and no new",
    "links; no markdown. Return it as one paragraph, or as two only if asked to split it.",
  ].join("\n");
}

/** Headings reworded for the keyphrase and keywords. */
export function headingRevisionPrompt(brief: Brief, headings: string, asks: string[]): string {
  return [
    "Reword at most 2 headings of this blog post so that it fixes what an SEO review found; keep the others.",
    "",
    briefText(brief),
    "",
    "What to fix:",
    ...asks.map((ask) => `- ${ask}`),
    "",
    "Headings (by id):",
    headings,
    "",
    "Return only the headings you reword, by id, each still true to its section and natural to read.",
  ].join("\n");
}

export function metaRevisionPrompt(brief: Brief, current: string, asks: string[]): string {
  return [
    "Write a new meta description for this blog post.",
    "",
    briefText(brief),
    `Current meta description: ${current}`,
    "",
    "What to fix:",
    ...asks.map((ask) => `- ${ask}`),
    "",
    "120-156 characters, with the focus keyphrase word for word, telling the reader what they will get.",
  ].join("\n");
}

/** A paragraph added to a section that is too thin, for a post shorter than it should be. */
export function addedParagraphPrompt(
  brief: Brief,
  block: { heading: string | null; before: string },
  words: number,
): string {
  return [
    "Write one new paragraph for this blog post, to follow the paragraph below in its section.",
    "",
    briefText(brief),
    "",
    `Section: ${block.heading ?? "the introduction"}`,
    `Paragraph it follows: ${block.before}`,
    "",
    `Length: about ${words} words in 2-4 short sentences; add a useful point the section does not make yet.`,
    "No links, no headings, no markdown.",
  ].join("\n");
}
