import { describe, expect, it } from "vitest";
import { stemWord, tokenizeWords } from "./words.ts";
import { compileKeyphrase, countInSentence, findPhrase, reflectsKeyphrase, type Keyphrase } from "./keyphrase.ts";

const stems = (text: string): string[] => tokenizeWords(text).map(stemWord);
const keyphrase = (text: string): Keyphrase => {
  const compiled = compileKeyphrase(text);
  if (compiled === null) throw new Error("no keyphrase");
  return compiled;
};

describe("compileKeyphrase", () => {
  it("keeps the content words apart from function words", () => {
    expect(keyphrase("How to Choose a Coffee Grinder").contentStems).toEqual(["choos", "coffee", "grinder"]);
  });

  it("uses every word when the keyphrase has only function words, and nothing when it has no words", () => {
    expect(keyphrase("how to").contentStems).toEqual(["how", "to"]);
    expect(compileKeyphrase("  ")).toBeNull();
  });
});

describe("findPhrase", () => {
  it("finds the exact phrase, case-insensitive and tolerant of plurals", () => {
    expect(findPhrase(keyphrase("coffee grinder"), stems("Best Coffee Grinders of 2026"))).toBe(1);
  });

  it("does not find the words in another order", () => {
    expect(findPhrase(keyphrase("coffee grinder"), stems("A grinder for coffee"))).toBe(-1);
  });
});

describe("countInSentence", () => {
  it("counts the times all content words are present, in any order", () => {
    const coffeeGrinder = keyphrase("coffee grinder");
    expect(countInSentence(coffeeGrinder, stems("A grinder makes coffee taste better."))).toBe(1);
    expect(countInSentence(coffeeGrinder, stems("Coffee grinders and coffee grinder parts."))).toBe(2);
    expect(countInSentence(coffeeGrinder, stems("Coffee tastes better fresh."))).toBe(0);
  });

  it("ignores function words of the keyphrase", () => {
    expect(countInSentence(keyphrase("how to grind coffee"), stems("Grinding coffee at home is easy."))).toBe(1);
  });
});

describe("reflectsKeyphrase", () => {
  it("accepts a text with at least half the content words", () => {
    const phrase = keyphrase("burr coffee grinder");
    expect(reflectsKeyphrase(phrase, stems("Choosing a burr grinder"))).toBe(true);
    expect(reflectsKeyphrase(phrase, stems("Why burrs matter"))).toBe(false);
  });
});
