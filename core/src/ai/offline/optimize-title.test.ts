import { describe, expect, it } from "vitest";
import { scoreTitle } from "../../seo/index.ts";
import { createWriter } from "../index.ts";
import { optimizeTitleOffline } from "./optimize-title.ts";

const now = () => new Date("2026-03-01T12:00:00Z");

describe("title suggestions without a model", () => {
  it("puts the keyphrase first, offers up to three other titles, and scores the best one", () => {
    const result = optimizeTitleOffline(
      { originalTitle: "tips for choosing organic dog food", keywords: ["organic dog food"] },
      { now },
    );
    expect(result.optimizedTitle.startsWith("Organic dog food")).toBe(true);
    expect(result.titleVariations).toHaveLength(3);
    expect(result.titleVariations).not.toContain(result.optimizedTitle);
    expect(new Set(result.titleVariations).size).toBe(3);
    expect(result.seoScore).toBe(scoreTitle(result.optimizedTitle, "organic dog food"));
    expect(result.seoScore).toBeGreaterThan(scoreTitle("tips for choosing organic dog food", "organic dog food"));
    for (const title of [result.optimizedTitle, ...result.titleVariations]) {
      expect(title.toLowerCase()).toContain("organic dog food");
      expect(title.length).toBeGreaterThanOrEqual(30);
      expect(title.length).toBeLessThanOrEqual(65);
    }
    expect([result.optimizedTitle, ...result.titleVariations].some((t) => t.includes("2026"))).toBe(true);
    expect(result.metaDescription.length).toBeGreaterThanOrEqual(120);
    expect(result.metaDescription.length).toBeLessThanOrEqual(156);
    expect(result.metaDescription.toLowerCase()).toContain("organic dog food");
  });

  it("keeps the author's title when it already scores best", () => {
    const title = "Organic Dog Food: A Buyer's Guide for New Owners";
    const result = optimizeTitleOffline({ originalTitle: title, keywords: ["organic dog food"] }, { now });
    expect(result.optimizedTitle).toBe(title);
    expect(result.seoScore).toBe(100);
    expect(result.titleVariations).not.toContain(title);
  });

  it("finds the keyphrase in the title when no keywords are given (as the form sends them)", () => {
    const result = optimizeTitleOffline({ originalTitle: "Why iPhone repairs cost so much", keywords: [] }, { now });
    expect(result.optimizedTitle).toMatch(/^iPhone repairs\b/);
    expect(result.metaDescription).toContain("iPhone repairs");
  });

  it("reads as a person would write it: the author's casing, no stacked colons, a task keyphrase as a how-to", () => {
    const sentence = optimizeTitleOffline(
      { originalTitle: "Pour-over vs French press: which suits you?", keywords: ["brew pour-over coffee"] },
      { now },
    );
    const titles = [sentence.optimizedTitle, ...sentence.titleVariations];
    expect(sentence.optimizedTitle).toBe("How to brew pour-over coffee: a step-by-step guide");
    for (const title of titles) {
      expect(title).not.toMatch(/Made Simple|Expert Tips|Ultimate/i);
      expect(title.split(":").length).toBeLessThanOrEqual(2);
      expect(title.toLowerCase()).toContain("brew pour-over coffee");
      expect(title).not.toMatch(/Pour-over Coffee|Brew Pour/);
    }
    const titleCased = optimizeTitleOffline(
      { originalTitle: "Email Tips For Shops", keywords: ["email marketing"] },
      { now },
    );
    for (const title of [titleCased.optimizedTitle, ...titleCased.titleVariations]) {
      expect(title).toMatch(/^Email Marketing\b/);
      expect(title).not.toMatch(/: [a-z]/);
    }
  });

  it("is what createWriter offers when no AI provider is configured", async () => {
    const writer = createWriter({ openai: { apiKey: undefined, baseUrl: undefined, model: "gpt-4o-mini" }, now });
    const result = await writer.optimizeTitle({ originalTitle: "email tips for shops", keywords: ["email marketing"] });
    expect(result).toEqual(
      optimizeTitleOffline({ originalTitle: "email tips for shops", keywords: ["email marketing"] }, { now }),
    );
  });
});
