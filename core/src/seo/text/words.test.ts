import { describe, expect, it } from "vitest";
import { countWords, stemWord, tokenizeWords } from "./words.ts";

describe("countWords", () => {
  it("counts the words of ordinary prose", () => {
    expect(countWords("Fresh beans lose their aroma within minutes of grinding.")).toBe(9);
  });

  it("keeps contractions, hyphenated words and numbers whole", () => {
    expect(countWords("Don't buy a well-known grinder for 3.5 or 1,000 dollars.")).toBe(10);
  });

  it("separates words joined by dashes or slashes, and ignores punctuation and extra space", () => {
    expect(countWords("  Espresso—or filter?  Hand/electric: both work! ")).toBe(7);
  });

  it("counts accented words and words in other scripts", () => {
    expect(countWords("Un café crème, s'il vous plaît")).toBe(6);
    expect(countWords("Καφές και μύλος")).toBe(3);
  });

  it("is zero for empty or punctuation-only text", () => {
    expect(countWords("")).toBe(0);
    expect(countWords(" — ... !!! ")).toBe(0);
  });
});

describe("tokenizeWords", () => {
  it("lower-cases words and makes typographic apostrophes plain", () => {
    expect(tokenizeWords("The Grinder’s burrs DON'T rust.")).toEqual(["the", "grinder's", "burrs", "don't", "rust"]);
  });
});

describe("stemWord", () => {
  it.each([
    ["grinders", "grinder"],
    ["grinder's", "grinder"],
    ["stories", "story"],
    ["boxes", "box"],
    ["glasses", "glass"],
    ["brewing", "brewed"],
    ["baking", "bake"],
    ["bakes", "baked"],
    ["running", "runs"],
    ["caches", "cache"],
  ])("gives %s and %s the same stem", (a, b) => {
    expect(stemWord(a)).toBe(stemWord(b));
  });

  it.each([
    ["grind", "grinder"],
    ["class", "clasp"],
    ["speed", "sped"],
  ])("keeps %s and %s apart", (a, b) => {
    expect(stemWord(a)).not.toBe(stemWord(b));
  });

  it("leaves words that only look plural alone", () => {
    expect(stemWord("glass")).toBe("glass");
    expect(stemWord("analysis")).toBe("analysis");
    expect(stemWord("status")).toBe("status");
  });
});
