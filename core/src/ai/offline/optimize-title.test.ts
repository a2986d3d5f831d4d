import { describe, expect, it } from "vitest";
import { scoreTitle } from "../../seo/index.ts";
import { createWriter } from "../index.ts";
import { optimizeTitleOffline } from "./optimize-title.ts";

const now = () => new Date("2026-03-01T12:00:00Z");

describe("title suggestions without a model", () => {
  it("puts the keyphrase first, offers up to three other titles, and scores the best one", () => {
    const result = optimizeTitleOffline({ originalTitle: "tips for choosing organic dog food", keywords: ["organic dog food"] }, { now });
    expect(result.optimizedTitle.startsWith("Organic Dog Food")).toBe(true);
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
    expect(result.optimizedTitle).toMatch(/^iPhone Repairs\b/);
    expect(result.metaDescription).toContain("iPhone repairs");
  });

  it("is what createWriter offers when no AI provider is configured", async () => {
    const writer = createWriter({ openai: { apiKey: undefined, baseUrl: undefined, model: "gpt-4o-mini" }, now });
    const result = await writer.optimizeTitle({ originalTitle: "email tips for shops", keywords: ["email marketing"] });
    expect(result).toEqual(optimizeTitleOffline({ originalTitle: "email tips for shops", keywords: ["email marketing"] }, { now }));
  });
});
