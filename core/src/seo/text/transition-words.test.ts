import { describe, expect, it } from "vitest";
import { tokenizeWords } from "./words.ts";
import { hasTransitionWord } from "./transition-words.ts";

const has = (sentence: string): boolean => hasTransitionWord(tokenizeWords(sentence));

describe("hasTransitionWord", () => {
  it.each([
    "However, blade grinders are cheap.",
    "For example, espresso needs a fine grind.",
    "The grinder is loud; on the other hand, it is fast.",
    "As a result, the cup tastes cleaner.",
    "Grind finer because the shot ran fast.",
  ])("finds a transition in: %s", (sentence) => {
    expect(has(sentence)).toBe(true);
  });

  it.each(["Blade grinders are cheap.", "Espresso needs a fine grind.", "The other hand holds the cup."])(
    "finds none in: %s",
    (sentence) => {
      expect(has(sentence)).toBe(false);
    },
  );
});
