import { describe, expect, it } from "vitest";
import { seoRating } from "./seo-rating.ts";

describe("seoRating", () => {
  it.each([
    [100, "Excellent", "green"],
    [90, "Excellent", "green"],
    [89, "Good", "yellow"],
    [70, "Good", "yellow"],
    [69, "Fair", "red"],
    [50, "Fair", "red"],
    [49, "Needs Improvement", "red"],
    [0, "Needs Improvement", "red"],
  ])("rates %i as %s (%s)", (score, label, tone) => {
    expect(seoRating(score)).toEqual({ label, tone });
  });
});
