import { describe, expect, it } from "vitest";
import { contextFor, p } from "../test-support/build-post.ts";
import { checkSentenceLength } from "./sentence-length.ts";

const SHORT = "Grind your beans just before you brew them.";
const LONG =
  "When you grind coffee beans just before brewing, the aromatic oils that give the cup its sweetness stay inside the grounds until the water reaches them.";
const check = (shortCount: number, longCount: number) =>
  checkSentenceLength(
    contextFor({
      html: p([...Array<string>(shortCount).fill(SHORT), ...Array<string>(longCount).fill(LONG)].join(" ")),
    }),
  );

describe("checkSentenceLength", () => {
  it("passes when at most 25% of sentences have more than 20 words", () => {
    expect(check(3, 1).status).toBe("pass");
  });

  it("warns between 25% and 30%", () => {
    expect(check(5, 2).status).toBe("warn");
  });

  it("fails above 30%, telling the share and the target", () => {
    const result = check(1, 1);
    expect(result.status).toBe("fail");
    expect(result.message).toBe(
      "50% of the sentences have more than 20 words. Shorten or split some, so that no more than 25% are that long.",
    );
  });

  it("does not count headings as sentences", () => {
    const html = `<h2>${LONG}</h2>${p(SHORT)}`;
    expect(checkSentenceLength(contextFor({ html })).status).toBe("pass");
  });
});
