import { describe, expect, it } from "vitest";
import { splitPostSections } from "./split-post-sections.ts";

describe("splitPostSections", () => {
  it("splits at each H2 into pieces that join back into the very same body, block comments with their heading", () => {
    const html = [
      "<!-- wp:paragraph -->\n<p>Intro.</p>\n<!-- /wp:paragraph -->\n\n",
      '<!-- wp:heading -->\n<h2 class="wp-block-heading">Grind &amp; brew</h2>\n<!-- /wp:heading -->\n<p>One.</p>\n',
      "<h2>Wrap up</h2><p>Bye.</p>",
    ].join("");
    const sections = splitPostSections(html);
    expect(sections.map((s) => [s.kind, s.heading])).toEqual([
      ["introduction", null],
      ["section", "Grind & brew"],
      ["conclusion", "Wrap up"],
    ]);
    expect(sections[1]!.html.startsWith("<!-- wp:heading -->")).toBe(true);
    expect(sections.map((s) => s.html).join("")).toBe(html);
  });

  it("gives a post without headings one introduction, and a post with one H2 no conclusion", () => {
    expect(splitPostSections("<p>Only text.</p>").map((s) => s.kind)).toEqual(["introduction"]);
    expect(splitPostSections("<p>a</p><h2>B</h2><p>b</p>").map((s) => s.kind)).toEqual(["introduction", "section"]);
  });
});
