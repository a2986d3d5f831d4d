import { describe, expect, it } from "vitest";
import type { Writer } from "../ai/index.ts";
import type { OptimizeTitleResponse } from "../contracts/blog.ts";
import { optimizeTitle } from "./optimize-title.ts";

function writerAnswering(answer: OptimizeTitleResponse): Writer {
  return {
    generator: "test",
    writePost: () => Promise.reject(new Error("not used")),
    optimizeTitle: () => Promise.resolve(answer),
  };
}

describe("optimizeTitle", () => {
  it("answers at most three suggestions in all, the optimised title first and no repeats", async () => {
    const result = await optimizeTitle(
      {
        writer: writerAnswering({
          optimizedTitle: "Dog Food: The Complete Guide",
          titleVariations: [
            "dog food: the complete guide",
            "Dog Food Made Simple",
            "",
            "Dog Food Explained",
            "Dog Food FAQ",
          ],
          seoScore: 87.6,
          metaDescription: "Everything about dog food.",
        }),
      },
      { originalTitle: "dog food", keywords: [] },
    );
    expect(result).toEqual({
      optimizedTitle: "Dog Food: The Complete Guide",
      titleVariations: ["Dog Food Made Simple", "Dog Food Explained"],
      seoScore: 88,
      metaDescription: "Everything about dog food.",
    });
  });

  it("keeps the score within 0 to 100", async () => {
    const answer = { optimizedTitle: "A", titleVariations: [], metaDescription: "" };
    const input = { originalTitle: "a", keywords: [] };
    expect((await optimizeTitle({ writer: writerAnswering({ ...answer, seoScore: 130 }) }, input)).seoScore).toBe(100);
    expect((await optimizeTitle({ writer: writerAnswering({ ...answer, seoScore: -4 }) }, input)).seoScore).toBe(0);
  });
});
