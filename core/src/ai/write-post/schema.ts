// Shapes the model must answer in, one per pipeline step. Length limits are refinements (checked by zod, not sent
// as JSON Schema keywords, which not every server accepts); array bounds are sent.
import { z } from "zod";

const text = (what: string, max: number) =>
  z
    .string()
    .refine((value) => value.trim().length > 0, `${what} must not be empty`)
    .refine((value) => value.length <= max, `${what} must be at most ${max} characters`);

export const searchIntents = ["informational", "commercial", "transactional", "navigational"] as const;

// The plan of the body (the sections and the closing heading) and the search snippet are asked for in two calls at
// once: the sections can be written as soon as the plan is in, without waiting for the snippet.
export const outlineSchema = z.object({
  searchIntent: z.enum(searchIntents),
  sections: z
    .array(
      z.object({
        heading: text("heading", 120).describe("H2 heading; several headings carry the focus keyphrase or a keyword"),
        subheadings: z.array(text("subheading", 120)).max(3).describe("H3 headings inside the section, may be empty"),
        keyPoints: z.array(text("key point", 300)).min(1).max(5).describe("What the section must cover"),
      }),
    )
    .min(3)
    .max(8),
  conclusionHeading: text("conclusionHeading", 120),
});
export type Outline = z.infer<typeof outlineSchema>;

export const searchSnippetSchema = z.object({
  seoTitle: text("seoTitle", 90).describe("Title for search results, 50-60 characters, starting with or containing the focus keyphrase"),
  metaDescription: text("metaDescription", 200).describe("120-156 characters, contains the focus keyphrase, invites the click"),
});
export type SearchSnippet = z.infer<typeof searchSnippetSchema>;

const paragraph = text("paragraph", 1500).describe("2-4 short sentences; plain text with optional <strong>, <em> and <a href> only");

export const sectionSchema = z.object({
  parts: z
    .array(
      z.object({
        subheading: z.string().nullable().describe("H3 heading of this part, or null for the part right under the H2"),
        paragraphs: z.array(paragraph).min(1).max(12),
        bullets: z.array(text("bullet", 400)).max(8).describe("A short list after the paragraphs, may be empty"),
      }),
    )
    .min(1)
    .max(5),
});
export type SectionDraft = z.infer<typeof sectionSchema>;

export const passageSchema = z.object({
  paragraphs: z.array(paragraph).min(1).max(5),
});
export type PassageDraft = z.infer<typeof passageSchema>;

// The revision is a set of small calls made at once, each fixing one block of the draft: a paragraph (rewritten, or
// split in two), the headings, the meta description, or a paragraph added. However long a model's answers, the
// revision then takes about as long as one paragraph.
export const paragraphRevisionSchema = z.object({
  paragraphs: z.array(paragraph).min(1).max(2).describe("The paragraph rewritten; two only when asked to split it"),
});

export const headingRevisionSchema = z.object({
  headings: z
    .array(z.object({ id: text("id", 10), text: text("heading", 120) }))
    .max(3)
    .describe("Headings to reword, by id (H1, H2, ...)"),
});

export const metaRevisionSchema = z.object({
  metaDescription: text("metaDescription", 200).describe("120-156 characters, contains the focus keyphrase"),
});

export const addedParagraphSchema = z.object({
  paragraphs: z.array(paragraph).min(1).max(1),
});
