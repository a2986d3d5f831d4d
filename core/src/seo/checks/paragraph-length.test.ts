import { describe, expect, it } from "vitest";
import { contextFor, p, proseOfWords } from "../test-support/build-post.ts";
import { checkParagraphLength } from "./paragraph-length.ts";

const check = (html: string) => checkParagraphLength(contextFor({ html }));

describe("checkParagraphLength", () => {
  it("passes when no paragraph is over 150 words", () => {
    expect(check(proseOfWords(600, 150)).status).toBe("pass");
  });

  it("warns about a paragraph of 151 to 200 words", () => {
    const result = check(proseOfWords(300, 60) + proseOfWords(180, 180));
    expect(result.status).toBe("warn");
    expect(result.message).toBe(
      "1 of 6 paragraphs is longer than 150 words (the longest has 180). Split it into shorter paragraphs.",
    );
  });

  it("fails a paragraph over 200 words", () => {
    expect(check(proseOfWords(600, 240)).status).toBe("fail");
  });

  it("does not count list items or headings as paragraphs", () => {
    const list = `<ul>${Array.from({ length: 40 }, () => "<li>Grind fresh before every brew.</li>").join("")}</ul>`;
    expect(check(p("A short intro.") + list).status).toBe("pass");
  });
});
