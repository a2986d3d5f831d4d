import { describe, expect, it } from "vitest";
import { refreshCandidateReason } from "./refresh-candidate.ts";

describe("refreshCandidateReason", () => {
  it("names a fall in clicks with its numbers", () => {
    expect(
      refreshCandidateReason({ clicks: 70, previousClicks: 120, impressions: 900, previousImpressions: 950 }),
    ).toBe("Clicks down 42% (120 → 70) over 28 days");
  });

  it("names a fall in impressions, and both when both fell", () => {
    expect(refreshCandidateReason({ clicks: 5, previousClicks: 8, impressions: 1300, previousImpressions: 2000 })).toBe(
      "Impressions down 35% (2,000 → 1,300) over 28 days",
    );
    expect(refreshCandidateReason({ clicks: 10, previousClicks: 40, impressions: 100, previousImpressions: 400 })).toBe(
      "Clicks down 75% (40 → 10) over 28 days; Impressions down 75% (400 → 100) over 28 days",
    );
  });

  it("leaves steady, growing, small or unknown figures alone", () => {
    expect(
      refreshCandidateReason({ clicks: 95, previousClicks: 100, impressions: 990, previousImpressions: 1000 }),
    ).toBeNull();
    expect(
      refreshCandidateReason({ clicks: 150, previousClicks: 100, impressions: 2000, previousImpressions: 1000 }),
    ).toBeNull();
    expect(
      refreshCandidateReason({ clicks: 1, previousClicks: 6, impressions: 20, previousImpressions: 90 }),
    ).toBeNull();
    expect(
      refreshCandidateReason({ clicks: null, previousClicks: null, impressions: null, previousImpressions: null }),
    ).toBeNull();
  });
});
