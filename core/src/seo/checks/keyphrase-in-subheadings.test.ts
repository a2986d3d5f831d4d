import { describe, expect, it } from "vitest";
import { contextFor, h, p, paragraphsOfAtLeast } from "../test-support/build-post.ts";
import { checkKeyphraseInSubheadings } from "./keyphrase-in-subheadings.ts";

const body = paragraphsOfAtLeast(400);
const withHeadings = (...headings: string[]) =>
  checkKeyphraseInSubheadings(
    contextFor({ html: body + headings.map((text) => h(2, text) + p("Some text.")).join("") }),
  );

const OTHER = ["Blade or burr?", "Hand or electric", "What to spend", "Dial it in", "Keep it clean"];

describe("checkKeyphraseInSubheadings", () => {
  it("passes when 30% to 75% of the H2 and H3 subheadings reflect the keyphrase", () => {
    const result = withHeadings("Why a coffee grinder matters", "Cleaning your grinder", ...OTHER.slice(0, 4));
    expect(result.status).toBe("pass");
    expect(result.message).toBe("The keyphrase appears in 2 of 6 subheadings. Well done.");
  });

  it("warns with the recommended range when too few reflect it", () => {
    const result = withHeadings("Why a coffee grinder matters", ...OTHER);
    expect(result.status).toBe("warn");
    expect(result.message).toBe("The keyphrase appears in 1 of 6 subheadings. Use it in 2 to 4 of them.");
  });

  it("warns when nearly every subheading repeats it", () => {
    const result = withHeadings(
      "Coffee grinder basics",
      "Coffee grinder prices",
      "Coffee grinder care",
      "Coffee grinder tips",
    );
    expect(result.status).toBe("warn");
    expect(result.message).toContain("over-optimised");
  });

  it("fails when no subheading reflects it", () => {
    expect(withHeadings(...OTHER).status).toBe("fail");
  });

  it("ignores H4 and deeper headings", () => {
    const html = body + h(2, "Blade or burr?") + p("Text.") + h(4, "Coffee grinder prices") + p("Text.");
    expect(checkKeyphraseInSubheadings(contextFor({ html })).status).toBe("fail");
  });

  it("judges a single subheading on its own", () => {
    expect(withHeadings("Choosing a grinder").status).toBe("pass");
    expect(withHeadings("Our verdict").status).toBe("fail");
  });

  it("needs no subheadings in a short text, but fails a long text without any", () => {
    expect(checkKeyphraseInSubheadings(contextFor({ html: paragraphsOfAtLeast(150) })).status).toBe("pass");
    expect(checkKeyphraseInSubheadings(contextFor({ html: body })).status).toBe("fail");
  });
});
