import { describe, expect, it } from "vitest";
import { contextFor } from "../test-support/build-post.ts";
import { checkKeyphraseInTitle } from "./keyphrase-in-title.ts";

const check = (title: string, keyphrase = "coffee grinder") =>
  checkKeyphraseInTitle(contextFor({ title, keyphrase, keywords: [] }));

describe("checkKeyphraseInTitle", () => {
  it("passes when the title starts with the keyphrase, whatever the case or plural", () => {
    expect(check("Coffee Grinders: A Buyer's Guide").status).toBe("pass");
  });

  it("passes when only function words come before the keyphrase", () => {
    expect(check("The Coffee Grinder Guide for Beginners").status).toBe("pass");
  });

  it("warns when the keyphrase is in the title but not at the start", () => {
    const result = check("How to Choose a Coffee Grinder for Home");
    expect(result.status).toBe("warn");
    expect(result.message).toContain("Move it to the beginning");
  });

  it("warns when the title has the keyphrase's words but not as one phrase", () => {
    expect(check("A Grinder Makes Better Coffee").status).toBe("warn");
  });

  it("fails when the title misses the keyphrase", () => {
    const result = check("Ten Tips for Better Espresso at Home");
    expect(result.status).toBe("fail");
    expect(result.message).toBe(
      'The SEO title does not contain the keyphrase "coffee grinder". Add it, ideally at the start.',
    );
  });

  it("names the SEO title, which it reads, as Yoast SEO does", () => {
    expect(check("Coffee Grinders: A Buyer's Guide").label).toBe("Keyphrase in SEO title");
  });

  it("fails without a keyphrase or without a title", () => {
    expect(check("Coffee Grinder Guide", "").status).toBe("fail");
    expect(check("").status).toBe("fail");
  });
});
