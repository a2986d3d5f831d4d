import { describe, expect, it } from "vitest";
import { contextFor, h, p } from "../test-support/build-post.ts";
import { checkKeyphraseInIntroduction } from "./keyphrase-in-introduction.ts";

const check = (...blocks: string[]) => checkKeyphraseInIntroduction(contextFor({ html: blocks.join("") }));
const rest = p("A good coffee grinder changes everything about your morning cup.");

describe("checkKeyphraseInIntroduction", () => {
  it("passes when a sentence of the first paragraph holds the keyphrase", () => {
    expect(check(p("Fresh coffee starts at home. Every coffee grinder we tested was a burr model."), rest).status).toBe(
      "pass",
    );
  });

  it("reads past a heading before the first paragraph", () => {
    expect(check(h(2, "Introduction"), p("Choosing coffee grinders is easier than it looks."), rest).status).toBe(
      "pass",
    );
  });

  it("warns when the keyphrase's words are in the first paragraph but in different sentences", () => {
    const result = check(p("Fresh coffee tastes sweet. A good grinder keeps it that way."), rest);
    expect(result.status).toBe("warn");
    expect(result.message).toContain("not in one sentence");
  });

  it("fails when the first paragraph does not mention the keyphrase, even if later ones do", () => {
    const result = check(p("Mornings are better with a great cup. Here is how to make one."), rest);
    expect(result.status).toBe("fail");
    expect(result.message).toContain("Mention it in the introduction");
  });

  it("fails when there is no text at all", () => {
    expect(check(h(2, "Coffee grinder")).status).toBe("fail");
  });
});
