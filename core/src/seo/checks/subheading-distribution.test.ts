import { describe, expect, it } from "vitest";
import { contextFor, h, proseOfWords } from "../test-support/build-post.ts";
import { checkSubheadingDistribution } from "./subheading-distribution.ts";

const check = (html: string) => checkSubheadingDistribution(contextFor({ html }));

describe("checkSubheadingDistribution", () => {
  it("passes when a subheading comes at least every 300 words", () => {
    expect(check(proseOfWords(250) + h(2, "Burrs") + proseOfWords(300) + h(3, "Care") + proseOfWords(120)).status).toBe(
      "pass",
    );
  });

  it("warns about a section of 301 to 350 words", () => {
    expect(check(proseOfWords(200) + h(2, "Burrs") + proseOfWords(340)).status).toBe("warn");
  });

  it("fails a section over 350 words, saying how long it is", () => {
    const result = check(proseOfWords(200) + h(2, "Burrs") + proseOfWords(480) + h(2, "Care") + proseOfWords(100));
    expect(result.status).toBe("fail");
    expect(result.message).toBe(
      "1 section runs longer than 300 words without a subheading (the longest has 480). Add a subheading at least every 300 words.",
    );
  });

  it("needs no subheading in a text of 300 words or less, but fails a longer one without any", () => {
    expect(check(proseOfWords(280)).status).toBe("pass");
    expect(check(proseOfWords(500)).status).toBe("fail");
  });
});
