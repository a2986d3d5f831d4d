import { describe, expect, it } from "vitest";
import { parseSeoDocument } from "./parse-seo-document.ts";

describe("parseSeoDocument", () => {
  it("reads paragraphs, headings with their level and list items as blocks", () => {
    const doc = parseSeoDocument(
      "<h2>Choosing a grinder</h2><p>Start with <strong>burrs</strong>.</p><ul><li>Flat</li><li>Conical</li></ul><h3>Budget</h3>",
    );
    expect(doc.blocks).toEqual([
      { kind: "heading", level: 2, text: "Choosing a grinder" },
      { kind: "paragraph", level: 0, text: "Start with burrs." },
      { kind: "listItem", level: 0, text: "Flat" },
      { kind: "listItem", level: 0, text: "Conical" },
      { kind: "heading", level: 3, text: "Budget" },
    ]);
  });

  it("leaves out scripts, styles and other invisible content", () => {
    const doc = parseSeoDocument(
      '<style>p { color: red }</style><p>Visible text.</p><script>var hidden = "words";</script><noscript>Enable scripts</noscript><template><p>Later</p></template>',
    );
    expect(doc.blocks.map((block) => block.text)).toEqual(["Visible text."]);
  });

  it("decodes entities and collapses whitespace, and a line break separates words", () => {
    const doc = parseSeoDocument("<p>Caf&eacute;   &amp;\n roastery<br>Open&nbsp;daily</p>");
    expect(doc.blocks[0]?.text).toBe("Café & roastery Open daily");
  });

  it("treats text outside any element, and text in divs, as paragraphs", () => {
    const doc = parseSeoDocument("Loose text first.<div>Then a div.</div>");
    expect(doc.blocks.map((block) => [block.kind, block.text])).toEqual([
      ["paragraph", "Loose text first."],
      ["paragraph", "Then a div."],
    ]);
  });

  it("collects links with their text and nofollow, and images with their alt text", () => {
    const doc = parseSeoDocument(
      '<p>See <a href="/shop">our <em>grinders</em></a> and <a href="https://sca.coffee" rel="noopener nofollow">the SCA</a>.</p><img src="a.jpg" alt=" A burr grinder "><img src="b.jpg">',
    );
    expect(doc.links).toEqual([
      { href: "/shop", text: "our grinders", nofollow: false },
      { href: "https://sca.coffee", text: "the SCA", nofollow: true },
    ]);
    expect(doc.images).toEqual([
      { src: "a.jpg", alt: "A burr grinder" },
      { src: "b.jpg", alt: "" },
    ]);
  });

  it("copes with unclosed tags", () => {
    const doc = parseSeoDocument("<p>First paragraph<p>Second paragraph<h2>Heading");
    expect(doc.blocks.map((block) => [block.kind, block.text])).toEqual([
      ["paragraph", "First paragraph"],
      ["paragraph", "Second paragraph"],
      ["heading", "Heading"],
    ]);
  });
});
