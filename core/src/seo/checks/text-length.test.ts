import { describe, expect, it } from "vitest";
import { contextFor, proseOfWords } from "../test-support/build-post.ts";
import { checkTextLength } from "./text-length.ts";

const check = (words: number) => checkTextLength(contextFor({ html: proseOfWords(words) }));

describe("checkTextLength", () => {
  it("passes a full post of 900 words or more", () => {
    expect(check(900).status).toBe("pass");
    expect(check(2400).message).toBe("The text has 2,400 words. A full-length post.");
  });

  it("warns about a short post of 300 to 899 words", () => {
    expect(check(300).status).toBe("warn");
    expect(check(899).message).toContain("expand it to 900 words or more");
  });

  it("fails below 300 words", () => {
    const result = check(299);
    expect(result.status).toBe("fail");
    expect(result.message).toContain("The text has 299 words. Write at least 300");
  });
});
