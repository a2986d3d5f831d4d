import type { OptimizeTitleInput } from "../../contracts/blog.ts";

export const titleSystemPrompt =
  "You are an editor who writes titles for blog posts of online stores and websites. Titles read as a person would " +
  "write them: specific, honest and inviting, no clickbait, no filler phrases, no quotation marks, no emoji, in the " +
  "language and the capitalisation style (sentence case or Title Case) of the original title.";

export function titlePrompt(input: OptimizeTitleInput, year: number): string {
  const keyphrase = input.keywords.map((k) => k.trim()).find(Boolean);
  return [
    "Suggest better SEO titles for this blog post.",
    `Original title: ${input.originalTitle}`,
    keyphrase
      ? `Focus keyphrase: ${keyphrase}${input.keywords.length > 1 ? ` (other keywords: ${input.keywords.slice(1).join(", ")})` : ""}`
      : "Focus keyphrase: not given; choose the phrase a reader would search for, taken from the title, and return it as focusKeyphrase.",
    "",
    "Rules:",
    "- optimizedTitle: 50-60 characters, the focus keyphrase word for word at or near the start, worked into the sentence in its",
    "  natural case (not capitalised word by word unless the original title is in Title Case), with a clear benefit;",
    `  add the year (${year}) only where it fits the topic. Keep the author's wording where it already works.`,
    '  A keyphrase that starts with a verb reads as a task ("How to brew pour-over coffee at home").',
    "- Never glue the keyphrase in front of the original title with a colon, never use two colons, and avoid stock",
    '  phrases such as "Made Simple", "Ultimate Guide", "Expert Tips" or "Everything You Need to Know".',
    "- variations: 3 more titles with different angles (a how-to, a list with a number, a question), each different from optimizedTitle.",
    "- metaDescription: 120-156 characters with the focus keyphrase, telling the reader what the post gives them.",
  ].join("\n");
}
