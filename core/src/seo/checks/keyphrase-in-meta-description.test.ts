import { describe, expect, it } from "vitest";
import { contextFor } from "../test-support/build-post.ts";
import { checkKeyphraseInMetaDescription } from "./keyphrase-in-meta-description.ts";

const check = (metaDescription: string) => checkKeyphraseInMetaDescription(contextFor({ metaDescription }));

describe("checkKeyphraseInMetaDescription", () => {
  it("passes with the keyphrase once or twice", () => {
    expect(check("Learn how to choose a coffee grinder for home brewing, from burrs to budget.").status).toBe("pass");
    expect(check("Coffee grinders compared. Find the coffee grinder that suits your brewer.").status).toBe("pass");
  });

  it("fails without the keyphrase", () => {
    const result = check("Learn how to make better espresso at home with a few simple changes.");
    expect(result.status).toBe("fail");
    expect(result.message).toContain("does not contain the keyphrase");
  });

  it("fails when the keyphrase is stuffed in", () => {
    const result = check(
      "Coffee grinder guide: the best coffee grinder, a cheap coffee grinder and a coffee grinder for espresso.",
    );
    expect(result.status).toBe("fail");
    expect(result.message).toContain("4 times");
  });

  it("fails when there is no meta description", () => {
    expect(check("").message).toContain("Write a meta description");
  });
});
