import { describe, expect, it } from "vitest";
import { sanitizePostHtml } from "../../content/sanitize-html.ts";
import { generatePostSchema } from "../../contracts/blog.ts";
import { analyzeSeo } from "../../seo/index.ts";
import { createWriter, type GenerationStage } from "../index.ts";
import { writeOfflinePost } from "./write-post.ts";

const count = (text: string, needle: string) => text.split(needle).length - 1;
const firstParagraph = (html: string) => /<p>(.*?)<\/p>/.exec(html)?.[1] ?? "";

const forms = {
  "a full form": {
    title: "How to Choose Organic Dog Food for a Healthy Pup",
    keywords: ["organic dog food", "grain-free kibble", "puppy nutrition"],
    companyName: "Happy Paws",
    seoInstructions: "Target audience: first-time dog owners. Mention free shipping on orders over $50.",
    links: [
      { url: "https://happypaws.example/shop/organic", description: "our organic food range" },
      { url: "https://www.akc.org/expert-advice/nutrition/", description: "the AKC's nutrition advice" },
    ],
    images: [
      { url: "/uploads/puppy.jpg", altText: "A puppy eating organic dog food" },
      { url: "/uploads/bowl.jpg", altText: "" },
    ],
  },
  "a title and one keyword": { title: "Coffee", keywords: ["coffee grinder"] },
  "a list title": { title: "7 Ways to Cut Shipping Costs", keywords: ["shipping costs", "packaging"] },
  "a company and one link": {
    title: "Why Every Store Needs a Return Policy",
    keywords: ["return policy"],
    companyName: "Shopwell",
    links: [{ url: "https://shopwell.example/returns", description: "our returns page" }],
  },
};

describe("the offline writer", () => {
  for (const [name, form] of Object.entries(forms)) {
    it(`writes a full, well-scored draft from ${name}`, () => {
      const input = generatePostSchema.parse(form);
      const keyphrase = input.keywords[0] ?? "";
      const post = writeOfflinePost(input, { siteUrl: "https://happypaws.example" });

      expect(post.generator).toBe("offline");
      expect(post.usage).toEqual({ promptTokens: 0, completionTokens: 0, calls: 0 });
      expect(post.seo.score).toBeGreaterThanOrEqual(70);
      expect(post.seo.wordCount).toBeGreaterThanOrEqual(900);
      // The report is the analyser's own verdict on what is returned.
      expect(post.seo).toEqual(
        analyzeSeo({
          title: post.title,
          seoTitle: post.seoTitle,
          slug: post.slug,
          metaDescription: post.metaDescription,
          html: post.html,
          keyphrase,
          keywords: input.keywords,
          siteUrl: "https://happypaws.example",
        }),
      );
      // The title is the author's, word for word; the keyphrase is in the SEO title.
      expect(post.title).toBe(form.title);
      expect(post.seoTitle.toLowerCase()).toContain(keyphrase.toLowerCase());
      // The SEO title starts with the keyphrase and fits Google's width; the slug carries the keyphrase.
      expect(post.focusKeyphrase).toBe(keyphrase);
      for (const check of ["keyphrase-in-title", "title-width", "keyphrase-in-slug", "slug-length"]) {
        expect(post.seo.checks.find((c) => c.id === check)?.status, check).toBe("pass");
      }
      expect(firstParagraph(post.html).toLowerCase()).toContain(keyphrase.toLowerCase());
      expect(post.metaDescription.length).toBeGreaterThanOrEqual(120);
      expect(post.metaDescription.length).toBeLessThanOrEqual(156);
      expect(post.metaDescription.toLowerCase()).toContain(keyphrase.toLowerCase());
      expect(count(post.html, "<h2>")).toBeGreaterThanOrEqual(6);
      expect(post.html).toContain("<h3>");
      expect(post.html).not.toContain("<h1");
      expect(sanitizePostHtml(post.html)).toBe(post.html);
      for (const check of [
        "transition-words",
        "paragraph-length",
        "sentence-length",
        "passive-voice",
        "subheading-distribution",
        "keyphrase-density",
        "keyphrase-in-introduction",
      ]) {
        expect(post.seo.checks.find((c) => c.id === check)?.status, check).toBe("pass");
      }
      for (const link of input.links) expect(count(post.html, `href="${link.url}"`)).toBe(1);
      expect(count(post.html, "<img ")).toBe(input.images.length);
    });
  }

  it("uses the company, the audience, the author's points, the other keywords, links and images", () => {
    const post = writeOfflinePost(generatePostSchema.parse(forms["a full form"]), {
      siteUrl: "https://happypaws.example",
    });
    expect(post.content).toContain("Happy Paws");
    expect(post.content).toContain("first-time dog owners");
    expect(post.content).toContain("free shipping on orders over $50");
    expect(post.content).toContain("grain-free kibble");
    expect(post.content).toContain("puppy nutrition");
    expect(post.html).toContain('<a href="https://happypaws.example/shop/organic">our organic food range</a>');
    expect(post.html).toContain(
      '<img src="https://happypaws.example/uploads/puppy.jpg" alt="A puppy eating organic dog food"',
    );
    // An image without a description gets the heading of the section it illustrates as its alt text.
    expect(post.html).toMatch(/<img src="https:\/\/happypaws\.example\/uploads\/bowl\.jpg" alt="[^"]{5,}"/);
    expect(post.content).toContain("how to choose organic dog food for a healthy pup");
  });

  it("writes the same post for the same form and a different one for a different form", () => {
    const input = generatePostSchema.parse(forms["a full form"]);
    expect(writeOfflinePost(input).html).toBe(writeOfflinePost(input).html);
    const other = writeOfflinePost(
      generatePostSchema.parse({ ...forms["a full form"], title: "Organic Dog Food on a Budget" }),
    );
    expect(other.html).not.toBe(writeOfflinePost(input).html);
    const otherTopic = writeOfflinePost(
      generatePostSchema.parse({
        ...forms["a full form"],
        title: "How to Switch to Raw Dog Food",
        keywords: ["raw dog food"],
      }),
    );
    expect(otherTopic.content).toContain("raw dog food");
    expect(otherTopic.content).not.toContain("organic dog food");
  });

  it("keeps the author's title as typed even without the keyphrase, and works the keyphrase into the SEO title", () => {
    for (const [title, keyword] of [
      ["Pour-over vs French press: which suits you?", "pour-over coffee"],
      ["Why our grinders outlast the rest", "burr grinder"],
      ["Coffee", "coffee grinder"],
    ] as const) {
      const post = writeOfflinePost(generatePostSchema.parse({ title, keywords: [keyword] }));
      expect(post.title).toBe(title);
      expect(post.seoTitle.toLowerCase()).toContain(keyword);
      expect(post.seo.checks.find((c) => c.id === "keyphrase-in-title")?.status).toBe("pass");
    }
  });

  it("links the owner's site pages with words that do not compete with the keyphrase", () => {
    const keyphrase = "coffee brewing";
    const links = [
      { url: "https://roastery.example/category/coffee-brewing/", description: "Coffee Brewing" },
      { url: "https://roastery.example/clean-a-coffee-brewer/", description: "How to Clean a Coffee Brewer" },
      { url: "https://roastery.example/brewing-guides/", description: "Brewing Guides" },
      // The owner's own link keeps the words the owner gave it; only those that do not compete stay linked.
      { url: "https://example.org/coffee-history", description: "the coffee brewing timeline" },
    ];
    const featured = [
      {
        kind: "product" as const,
        id: "gid://shopify/Product/7",
        title: "Coffee Brewing Kettle",
        handle: "kettle",
        description: "A gooseneck kettle.",
        price: null,
        url: "https://roastery.example/products/kettle",
      },
    ];
    const post = writeOfflinePost(
      generatePostSchema.parse({ title: "Better Mornings", keywords: [keyphrase], links }),
      {
        siteUrl: "https://roastery.example",
        linkedSiteUrl: "https://roastery.example",
        featured,
        sitePages: links.slice(0, 3).map((link) => link.url),
      },
    );
    const texts = [...post.html.matchAll(/<a href="([^"]+)">(.*?)<\/a>/g)].map((m) => [m[1], m[2]]);
    expect(texts).toEqual([
      [links[0]!.url, "our brewing page"],
      [links[1]!.url, "How to Clean a Brewer"],
      [links[2]!.url, "Brewing Guides"],
      [links[3]!.url, "brewing timeline"],
      [featured[0]!.url, "Brewing Kettle"],
    ]);
    // The product and the owner's link keep their words on the page; only the words that do not compete are linked.
    expect(post.html).toContain('the coffee <a href="https://example.org/coffee-history">brewing timeline</a>');
    expect(post.html).toMatch(
      /\bour Coffee <a href="https:\/\/roastery\.example\/products\/kettle">Brewing Kettle<\/a>/i,
    );
    expect(post.seo.checks.find((c) => c.id === "competing-links")?.status).toBe("pass");
    expect(post.seo.checks.find((c) => c.id === "internal-links")?.status).toBe("pass");
  });

  it("uses the meta description the author chose in the instructions", () => {
    const meta =
      "A plain-English SEO checklist for WordPress sites: meta tags, site speed, links and content, with clear steps you can finish in one afternoon.";
    const post = writeOfflinePost(
      generatePostSchema.parse({
        title: "The SEO Checklist for WordPress Sites",
        keywords: ["SEO checklist"],
        seoInstructions: `Write for beginners.\nMeta Description: ${meta}`,
      }),
    );
    expect(post.metaDescription).toBe(meta);
    expect(post.content).not.toContain("Meta Description");
    expect(post.content).toContain("SEO checklist");
  });

  it("treats the inputs as text, never as markup", () => {
    const post = writeOfflinePost(
      generatePostSchema.parse({
        title: "Candles <img src=x onerror=alert(1)>",
        keywords: ["soy candles"],
        companyName: "<script>alert(1)</script>",
        seoInstructions: 'Mention <a href="javascript:alert(2)">our sale</a>',
        links: [{ url: "https://candles.example/", description: '"><script>alert(3)</script>' }],
      }),
    );
    // The hostile strings show as text; no element, attribute or address comes from them.
    expect(post.html).not.toMatch(/<script|<img src=x|<[^>]+\son\w+=|<[^>]*\b(?:href|src)="\s*javascript:/i);
    expect(post.html).toContain("&lt;script&gt;");
    expect(post.content).toContain("<script>alert(1)</script>");
    expect(count(post.html, 'href="https://candles.example/"')).toBe(1);
  });
});

describe("createWriter without an AI provider", () => {
  it("writes offline and reports the stages", async () => {
    const writer = createWriter({ openai: { apiKey: undefined, baseUrl: undefined, model: "gpt-4o-mini" } });
    expect(writer.generator).toBe("offline");
    const stages: GenerationStage[] = [];
    const post = await writer.writePost(generatePostSchema.parse(forms["a list title"]), {
      onStage: (s) => stages.push(s),
    });
    expect(stages).toEqual(["planning", "writing", "reviewing"]);
    expect(post.generator).toBe("offline");
    expect(post.title).toBe("7 Ways to Cut Shipping Costs");
  });
});
