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

describe("link text and the focus keyphrase", () => {
  const keyphrase = "coffee brewing";
  const page = { url: "https://roastery.example/category/coffee-brewing/", description: "Coffee Brewing" };
  const linkTexts = (html: string) => [...html.matchAll(/<a [^>]*>(.*?)<\/a>/g)].map((m) => m[1] ?? "");
  const post = (paragraph: string): PostDocument => ({
    intro: ["An introduction."],
    sections: [{ heading: "Brewing at Home", parts: [{ subheading: null, paragraphs: [paragraph], bullets: [] }] }],
    conclusion: { heading: "Wrapping Up", paragraphs: ["The end."] },
  });

  it("keeps the words of a link that holds the whole keyphrase, and links only the part that does not", () => {
    const html = assemblePostHtml(post(`Read our <a href="${page.url}">coffee <em>brewing</em> guide</a> first.`), {
      links: [page],
      images: [],
      keyphrase,
    });
    expect(html).toContain(`Read our coffee <a href="${page.url}">brewing guide</a> first.`);
  });

  it("links one word of a link whose text is the keyphrase, the visible text unchanged", () => {
    const html = assemblePostHtml(post(`Start with <a href="${page.url}">Coffee Brewing</a> today.`), {
      links: [page],
      images: [],
      keyphrase,
    });
    expect(html).toContain(`Start with Coffee <a href="${page.url}">Brewing</a> today.`);
  });

  it("unwraps a link whose text is nothing but the keyphrase and adds it again with words that do not compete", () => {
    const html = assemblePostHtml(post(`Start with <a href="${page.url}">espresso</a> today.`), {
      links: [{ url: page.url, description: "Espresso Drinks", sitePage: true }],
      images: [],
      keyphrase: "espresso",
    });
    expect(html).toContain("Start with espresso today.");
    expect(html.match(/href="https:\/\/roastery\.example\/category\/coffee-brewing\/"/g)).toHaveLength(1);
    expect(linkTexts(html)).toEqual(["our drinks page"]);
  });

  it("names a missing site page without the keyphrase; the owner's link and a product keep their words", () => {
    const product = {
      url: "https://roastery.example/products/kettle",
      description: "Gooseneck Coffee Brewing Kettle",
      featured: {},
    };
    const html = assemblePostHtml(post("Nothing linked here."), {
      links: [
        { url: "https://roastery.example/guides", description: "A Guide to Coffee Brewing at Home", sitePage: true },
        { url: "https://example.org/history", description: "the history of coffee brewing" },
        product,
      ],
      images: [],
      keyphrase,
    });
    expect(linkTexts(html)).toEqual(["A Guide to Brewing at Home", "history of coffee", "Brewing Kettle"]);
    expect(html).toContain('the <a href="https://example.org/history">history of coffee</a> brewing');
    expect(html).toContain('Gooseneck Coffee <a href="https://roastery.example/products/kettle">Brewing Kettle</a>');
  });

  it("leaves link text alone without a keyphrase", () => {
    const html = assemblePostHtml(post(`Start with <a href="${page.url}">Coffee Brewing</a> today.`), {
      links: [page],
      images: [],
    });
    expect(linkTexts(html)).toEqual(["Coffee Brewing"]);
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
