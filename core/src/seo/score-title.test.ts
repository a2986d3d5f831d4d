import { describe, expect, it } from "vitest";
import { scoreTitle } from "./score-title.ts";

describe("scoreTitle", () => {
  it("gives 100 to a title that starts with the keyphrase and fits Google's width", () => {
    expect(scoreTitle("Coffee Grinder Guide: How to Choose the Right One", "coffee grinder")).toBe(100);
  });

  it("ranks the keyphrase at the start above the keyphrase later, above no keyphrase", () => {
    const atStart = scoreTitle("Coffee Grinder Guide: How to Choose the Right One", "coffee grinder");
    const later = scoreTitle("How to Choose the Right Coffee Grinder for Your Home", "coffee grinder");
    const missing = scoreTitle("How to Choose the Right Burr Mill for Your Home", "coffee grinder");
    expect(atStart).toBeGreaterThan(later);
    expect(later).toBeGreaterThan(missing);
  });

  it("marks down titles that are too long or too short", () => {
    const good = scoreTitle("Coffee Grinder Guide: How to Choose the Right One", "coffee grinder");
    expect(scoreTitle("Coffee Grinder", "coffee grinder")).toBeLessThan(good);
    expect(
      scoreTitle(
        "Coffee Grinder Guide: How to Choose the Right Burr Grinder for Every Kind of Home Brewing",
        "coffee grinder",
      ),
    ).toBeLessThan(good);
  });

  it("stays within 0..100 for an empty title or keyphrase", () => {
    expect(scoreTitle("", "coffee grinder")).toBe(0);
    expect(scoreTitle("Coffee Grinder Guide: How to Choose the Right One", "")).toBeGreaterThanOrEqual(0);
  });
});
