// The "Create New Blog Post" form's rules, built from the API's own schema so both say the same thing ("Title is
// required", "Keywords are required"). Keywords are typed as one comma-separated string; the shared keyword schema
// splits it, trims each and drops the blanks. Link rows are checked apart: a row counts only when both its address
// and its description are filled, and only such rows are sent.
import { generatePostSchema, keywordsSchema, linkSchema, type GeneratePostInput } from "@postwright/core/contracts";

export const blogFormFieldsSchema = generatePostSchema
  .pick({ title: true, companyName: true, seoInstructions: true, focusKeyphrase: true })
  .extend({ keywords: keywordsSchema });

export interface LinkRow {
  url: string;
  description: string;
}

export interface BlogFormValues {
  title: string;
  companyName: string;
  keywords: string;
  /** Optional: the first keyword is the focus keyphrase when this is left empty. */
  focusKeyphrase: string;
  seoInstructions: string;
  links: LinkRow[];
}

/** What the form's own fields become once valid (keywords as a list). */
export type BlogFormFields = Pick<
  GeneratePostInput,
  "title" | "companyName" | "seoInstructions" | "keywords" | "focusKeyphrase"
>;

export const emptyLinkRow: LinkRow = { url: "", description: "" };

export const blogFormDefaults: BlogFormValues = {
  title: "",
  companyName: "",
  keywords: "",
  focusKeyphrase: "",
  seoInstructions: "",
  links: [{ ...emptyLinkRow }],
};

export interface LinkRowProblem {
  index: number;
  field: "url" | "description";
  message: string;
}

/** The rows to send (both parts filled, trimmed) and what is wrong with any of them. */
export function completeLinks(rows: readonly LinkRow[]): { links: LinkRow[]; problems: LinkRowProblem[] } {
  const links: LinkRow[] = [];
  const problems: LinkRowProblem[] = [];
  rows.forEach((row, index) => {
    if (!row.url.trim() || !row.description.trim()) return;
    const parsed = linkSchema.safeParse(row);
    if (parsed.success) {
      links.push(parsed.data);
      return;
    }
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] === "description" ? "description" : "url";
      problems.push({ index, field, message: issue.message });
    }
  });
  return { links, problems };
}

/** The text of the line a title suggestion adds to the SEO instructions. */
export function metaDescriptionLine(metaDescription: string): string {
  return `Meta Description: ${metaDescription}`;
}

/** The SEO instructions with the suggestion's meta description appended as its own line (once). */
export function withMetaDescription(instructions: string, metaDescription: string): string {
  const meta = metaDescription.trim();
  if (!meta) return instructions;
  const line = metaDescriptionLine(meta);
  if (instructions.split("\n").some((l) => l.trim() === line)) return instructions;
  const before = instructions.trimEnd();
  return before ? `${before}\n${line}` : line;
}
