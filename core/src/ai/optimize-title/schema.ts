import { z } from "zod";

const text = (what: string, max: number) =>
  z
    .string()
    .refine((value) => value.trim().length > 0, `${what} must not be empty`)
    .refine((value) => value.length <= max, `${what} must be at most ${max} characters`);

export const titleSuggestionsSchema = z.object({
  focusKeyphrase: text("focusKeyphrase", 100).describe("The keyphrase the titles target"),
  optimizedTitle: text("optimizedTitle", 120).describe("The best title: 50-60 characters, keyphrase at or near the start"),
  variations: z.array(text("variation", 120)).min(1).max(5).describe("Other titles, each a different angle"),
  metaDescription: text("metaDescription", 220).describe("120-156 characters, contains the keyphrase"),
});
export type TitleSuggestions = z.infer<typeof titleSuggestionsSchema>;
