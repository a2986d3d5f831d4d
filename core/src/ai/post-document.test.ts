import { describe, expect, it } from "vitest";
import { assemblePostHtml, editDocument, listDocument, type PostDocument } from "./post-document.ts";

const doc = (): PostDocument => ({
  intro: ["Welcome to **the guide**, with [our shop](https://shop.example/) inside.\n\nSecond intro paragraph."],
  sections: [
    {
      heading: "## **Why It Matters**",
      parts: [
        { subheading: null, paragraphs: ["First section text."], bullets: ["- one", "two"] },
        { subheading: "H3: The Details", paragraphs: ['Read <a href="https://shop.example">our shop</a> again.'], bullets: [] },
      ],
    },
    { heading: "How to Start", parts: [{ subheading: null, paragraphs: ["Second section text."], bullets: [] }] },
  ],
  conclusion: { heading: "Wrapping Up", paragraphs: ['Bye. <a href="https://other.example/">a stranger</a>'] },
});

const links = [
  { url: "https://shop.example/", description: "our shop" },
  { url: "https://guide.example/start", description: "the starter guide" },
];

describe("assembling a post", () => {
  it("turns stray markdown into HTML and cleans headings", () => {
    const html = assemblePostHtml(doc(), { links, images: [] });
    expect(html).toContain(
      '<p>Welcome to <strong>the guide</strong>, with <a href="https://shop.example/">our shop</a> inside.</p>\n<p>Second intro paragraph.</p>',
    );
    expect(html).toContain("<h2>Why It Matters</h2>");
    expect(html).toContain("<h3>The Details</h3>");
    expect(html).toContain("<ul><li>one</li><li>two</li></ul>");
  });

  it("keeps the first link to each address, unwraps repeats and strangers, and adds the missing ones", () => {
    const html = assemblePostHtml(doc(), { links, images: [] });
    expect(html.match(/href="https:\/\/shop\.example\/?"/g)).toHaveLength(1);
    expect(html).toContain("Read our shop again.");
    expect(html).not.toContain("other.example");
    expect(html).toContain("a stranger");
    expect(html.match(/href="https:\/\/guide\.example\/start"/g)).toHaveLength(1);
    expect(html).toContain('<a href="https://guide.example/start">the starter guide</a>');
  });

  it("places each image after the first paragraph of a section, with absolute addresses and alt text", () => {
    const html = assemblePostHtml(doc(), {
      links: [],
      images: [
        { url: "/uploads/a.png", altText: "A chart of sales" },
        { url: "https://cdn.example/b.png", altText: "  " },
      ],
      siteUrl: "https://app.example",
    });
    expect(html).toContain('<p>First section text.</p>\n<p><img src="https://app.example/uploads/a.png" alt="A chart of sales" loading="lazy" /></p>');
    expect(html).toContain('<p>Second section text.</p>\n<p><img src="https://cdn.example/b.png" alt="How to Start" loading="lazy" /></p>');
  });
});

describe("editing a post by block id", () => {
  it("names the same blocks in the listing and in the edit", () => {
    const original = doc();
    const listing = listDocument(original);
    expect(listing).toContain("[P2] First section text.");
    expect(listing).toContain("[H2] ### H3: The Details");
    expect(listing).toContain("[H4] ## Wrapping Up");
    const edited = editDocument(original, {
      paragraphs: new Map([["P2", "Rewritten section text."]]),
      headings: new Map([["H4", "Final Thoughts"]]),
      added: new Map([["P1", ["An added paragraph."]]]),
    });
    expect(edited.sections[0]?.parts[0]?.paragraphs).toEqual(["Rewritten section text."]);
    expect(edited.conclusion.heading).toBe("Final Thoughts");
    expect(edited.intro).toHaveLength(2);
    expect(edited.intro[1]).toBe("An added paragraph.");
    // The original is left as it was.
    expect(original.intro).toHaveLength(1);
  });
});
