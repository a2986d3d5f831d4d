import { describe, expect, it } from "vitest";
import { splitSentences } from "./sentences.ts";

describe("splitSentences", () => {
  it("splits at full stops, question marks and exclamation marks", () => {
    expect(splitSentences("Grind fresh. Does it matter? Yes! Taste the difference.")).toEqual([
      "Grind fresh.",
      "Does it matter?",
      "Yes!",
      "Taste the difference.",
    ]);
  });

  it("does not split after abbreviations, initials or inside numbers", () => {
    expect(splitSentences("Mr. Smith uses e.g. a Comandante. J. R. Hoffmann grinds 18.5 grams. That works.")).toEqual([
      "Mr. Smith uses e.g. a Comandante.",
      "J. R. Hoffmann grinds 18.5 grams.",
      "That works.",
    ]);
  });

  it("keeps closing quotes with their sentence", () => {
    expect(splitSentences('She said "grind finer." Then it worked.')).toEqual([
      'She said "grind finer."',
      "Then it worked.",
    ]);
  });

  it("needs a capital or a digit to start a new sentence", () => {
    expect(splitSentences("Use 18 g. of coffee per cup")).toEqual(["Use 18 g. of coffee per cup"]);
  });

  it("returns the text as one sentence when it has no end punctuation, and nothing for blank text", () => {
    expect(splitSentences("Why a coffee grinder matters")).toEqual(["Why a coffee grinder matters"]);
    expect(splitSentences("   ")).toEqual([]);
  });
});
