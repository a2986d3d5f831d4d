import { describe, expect, it } from "vitest";
import { analyseSentence } from "../context.ts";
import { splitSentences } from "./sentences.ts";
import { fleschReadingEase } from "./flesch.ts";

const score = (text: string): number => fleschReadingEase(splitSentences(text).map((s) => analyseSentence(s)));

describe("fleschReadingEase", () => {
  it("applies the English formula to words per sentence and syllables per word", () => {
    // 2 sentences, 12 words, 15 syllables: 206.835 - 1.015 x 6 - 84.6 x 1.25 = 94.995
    expect(score("Grind your beans just before you brew. Coffee tastes much better then.")).toBe(95);
  });

  it("rates plain writing as easy and academic writing as difficult", () => {
    const plain = score(
      "Buy fresh beans. Grind them at home. Brew a cup and taste it. Then change one thing at a time.",
    );
    const academic = score(
      "Particle size distribution significantly influences extraction kinetics, consequently determining the organoleptic characteristics of the resulting beverage. Heterogeneous fragmentation generates disproportionate quantities of fines, which accelerate undesirable extraction of astringent compounds.",
    );
    expect(plain).toBeGreaterThan(80);
    expect(academic).toBeLessThan(30);
  });

  it("stays within 0..100 and is 0 without text", () => {
    expect(score("Go. Sit. Eat.")).toBe(100);
    expect(fleschReadingEase([])).toBe(0);
  });
});
