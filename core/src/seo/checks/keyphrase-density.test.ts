import { describe, expect, it } from "vitest";
import { contextFor, p, proseOfWords } from "../test-support/build-post.ts";
import { checkKeyphraseDensity } from "./keyphrase-density.ts";

// 400 words of prose with no "coffee grinder" in them, plus sentences that use it.
const filler = proseOfWords(400).replace(/coffee|grinders?/gi, "kettle");
const mentions = (times: number) => p(Array.from({ length: times }, () => "Pick a coffee grinder you like.").join(" "));
const check = (html: string) => checkKeyphraseDensity(contextFor({ html }));

describe("checkKeyphraseDensity", () => {
  it("passes between 0.5% and 3% of the words", () => {
    const result = check(filler + mentions(4));
    expect(result.status).toBe("pass");
    expect(result.message).toBe("The keyphrase appears 4 times in 424 words (0.94%). Well done.");
  });

  it("warns below 0.5%", () => {
    const result = check(filler + mentions(1));
    expect(result.status).toBe("warn");
    expect(result.message).toContain("Use it 3 to 12 times");
  });

  it("warns between 3% and 4%, and fails above 4%", () => {
    expect(check(proseOfWords(300).replace(/coffee|grinders?/gi, "kettle") + mentions(11)).status).toBe("warn");
    const stuffed = check(filler + mentions(30));
    expect(stuffed.status).toBe("fail");
    expect(stuffed.message).toContain("keyword stuffing");
  });

  it("fails when the keyphrase is absent", () => {
    const result = check(filler);
    expect(result.status).toBe("fail");
    expect(result.message).toContain("does not appear in the text");
  });

  it("counts plurals and inflections of the keyphrase", () => {
    const context = contextFor({ html: p("Coffee grinders differ. Each coffee grinder's burrs wear.") });
    expect(context.keyphraseCount).toBe(2);
  });
});

describe("checkKeyphraseDensity in a short text", () => {
  it("asks for a single use when the text is too short for more", () => {
    const result = checkKeyphraseDensity(contextFor({ html: p("Grind your beans fresh every morning.") }));
    expect(result.message).toContain("Use it 1 time (0.5–3% of the words).");
  });
});
