import { describe, expect, it } from "vitest";
import { contextFor, p } from "../test-support/build-post.ts";
import { checkTransitionWords } from "./transition-words.ts";

const PLAIN = [
  "Blade grinders chop beans into uneven pieces.",
  "Burr grinders crush beans between two plates.",
  "The gap sets the size of the grounds.",
  "Espresso needs a fine grind.",
  "French press needs a coarse grind.",
  "Hand grinders are quiet.",
  "Electric grinders are fast.",
  "Steel burrs last for years.",
  "Ceramic burrs stay cool.",
  "Fresh grounds taste sweet.",
];
const LINKED = [
  "However, blade grinders are cheap.",
  "For example, a hand grinder fits in a bag.",
  "As a result, the cup tastes cleaner.",
  "Therefore, grind just before you brew.",
];
const check = (sentences: string[]) => checkTransitionWords(contextFor({ html: p(sentences.join(" ")) }));

describe("checkTransitionWords", () => {
  it("passes when at least 30% of sentences contain a transition word", () => {
    expect(check([...PLAIN.slice(0, 7), ...LINKED.slice(0, 3)]).status).toBe("pass");
  });

  it("warns between 20% and 30%", () => {
    expect(check([...PLAIN.slice(0, 8), ...LINKED.slice(0, 2)]).status).toBe("warn");
  });

  it("fails under 20%, with examples of transition words", () => {
    const result = check([...PLAIN, ...LINKED.slice(0, 1)]);
    expect(result.status).toBe("fail");
    expect(result.message).toContain("9% of the sentences contain a transition word.");
    expect(result.message).toContain('"for example"');
  });
});
