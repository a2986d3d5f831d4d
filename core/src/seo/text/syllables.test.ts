import { describe, expect, it } from "vitest";
import { countSyllables } from "./syllables.ts";

describe("countSyllables", () => {
  it.each([
    ["cat", 1],
    ["make", 1],
    ["makes", 1],
    ["baked", 1],
    ["played", 1],
    ["table", 2],
    ["wanted", 2],
    ["boxes", 2],
    ["coffee", 2],
    ["grinder", 2],
    ["doing", 2],
    ["completely", 3],
    ["espresso", 3],
    ["media", 3],
    ["actual", 3],
    ["extraction", 3],
    ["temperature", 4],
    ["calibration", 4],
  ])("counts %s as %i", (word, syllables) => {
    expect(countSyllables(word)).toBe(syllables);
  });

  it("counts a number or a word without vowels as one syllable, and nothing as none", () => {
    expect(countSyllables("2024")).toBe(1);
    expect(countSyllables("rhythm")).toBe(1);
    expect(countSyllables("")).toBe(0);
  });
});
