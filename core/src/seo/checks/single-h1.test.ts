import { describe, expect, it } from "vitest";
import { contextFor, h, p } from "../test-support/build-post.ts";
import { checkSingleH1 } from "./single-h1.ts";

const check = (...blocks: string[]) => checkSingleH1(contextFor({ html: blocks.join("") }));

describe("checkSingleH1", () => {
  it("passes a body without H1, since the platform shows the title as the H1", () => {
    expect(check(p("Intro."), h(2, "Section"), p("Text.")).status).toBe("pass");
  });

  it("fails any H1 in the body, even one repeating the title at the top", () => {
    const result = check(h(1, "Coffee Grinder Guide"), p("Intro."));
    expect(result.status).toBe("fail");
    expect(result.message).toBe(
      "The body has 1 H1 heading. The store or site already shows the post title as the H1: change it to H2.",
    );
  });

  it("counts every H1", () => {
    expect(check(p("Intro."), h(1, "One"), p("Text."), h(1, "Two")).message).toContain("2 H1 headings");
  });
});
