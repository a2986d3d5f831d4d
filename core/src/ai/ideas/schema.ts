import { z } from "zod";

export const postIdeasSchema = z.object({
  ideas: z
    .array(
      z.object({
        title: z.string().min(1).max(200).describe("A specific blog post title, 40-65 characters"),
        keywords: z
          .array(z.string().min(1).max(100))
          .min(1)
          .max(5)
          .describe("The focus keyphrase first, then 1-3 related ones"),
      }),
    )
    .min(1)
    .max(30),
});
