// Featured products and collections reach both writers: the offline writer names and links each once with its title,
// the model is told what the store says about them and which anchor to use, and the contract takes only store IDs.
import { describe, expect, it } from "vitest";
import { generatePostSchema, type FeaturedItem } from "../contracts/blog.ts";
import { buildBrief } from "./brief.ts";
import { writeOfflinePost } from "./offline/write-post.ts";
import { briefText, sectionPrompt } from "./write-post/prompt.ts";

const candle: FeaturedItem = {
  kind: "product",
  id: "gid://shopify/Product/11",
  title: "Lavender Soy Candle",
  handle: "lavender-soy-candle",
  description: "Hand-poured soy wax with lavender oil.",
  price: "19.00 USD",
  url: "https://candles.example/products/lavender-soy-candle",
};
const gifts: FeaturedItem = {
  kind: "collection",
  id: "gid://shopify/Collection/12",
  title: "Gift Sets",
  handle: "gift-sets",
  description: "",
  price: null,
  url: "https://candles.example/collections/gift-sets",
};
const input = generatePostSchema.parse({
  title: "How to Choose a Scented Candle",
  keywords: ["scented candles", "soy wax"],
  companyName: "Candle Co",
  links: [{ url: "https://example.org/wax-guide", description: "a guide to candle wax" }],
  featured: [candle.id, gifts.id],
});

describe("featured products and collections", () => {
  it("the offline writer links each one once, named by its title, with the product's price", () => {
    const post = writeOfflinePost(input, { featured: [candle, gifts] });
    expect(post.html.split(`<a href="${candle.url}">Lavender Soy Candle</a>`)).toHaveLength(2);
    expect(post.html.split(`<a href="${gifts.url}">Gift Sets</a>`)).toHaveLength(2);
    expect(post.html).toContain("Lavender Soy Candle</a> (19.00 USD)");
    expect(post.html).toContain('<a href="https://example.org/wax-guide">a guide to candle wax</a>');
  });

  it("links to the store count as internal when the post links into it", () => {
    const post = writeOfflinePost(input, { featured: [candle, gifts], linkedSiteUrl: "https://candles.example" });
    const internal = post.seo.checks.find((check) => check.id === "internal-links");
    expect(internal?.status).toBe("pass");
  });

  it("a featured URL the author also gave is linked once", () => {
    const twice = generatePostSchema.parse({ ...input, links: [{ url: candle.url, description: "our candle" }] });
    const brief = buildBrief(twice, [candle]);
    expect(brief.links.filter((link) => link.url === candle.url)).toHaveLength(1);
  });

  it("the model is told the store's facts and to use the names as anchors", () => {
    const brief = buildBrief(input, [candle, gifts]);
    const text = briefText(brief);
    expect(text).toContain('- product "Lavender Soy Candle", from 19.00 USD: Hand-poured soy wax with lavender oil.');
    expect(text).toContain('- collection "Gift Sets"');
    const outline = {
      seoTitle: "Scented candles",
      metaDescription: "",
      searchIntent: "choose",
      sections: [{ heading: "Wax", subheadings: [], keyPoints: ["soy"] }],
      conclusionHeading: "Done",
    };
    const prompt = sectionPrompt(brief, outline as never, 0, 200, brief.links);
    expect(prompt).toContain(`- ${candle.url} (the product "Lavender Soy Candle": use its name as the anchor text)`);
  });

  it("the contract takes only product and collection IDs, at most five, without repeats", () => {
    const form = { title: "T", keywords: "k" };
    expect(generatePostSchema.parse({ ...form, featured: [candle.id, candle.id] }).featured).toEqual([candle.id]);
    expect(generatePostSchema.parse(form).featured).toEqual([]);
    for (const bad of ["https://evil.example/products/x", "gid://shopify/Order/1", "gid://shopify/Product/x"]) {
      expect(generatePostSchema.safeParse({ ...form, featured: [bad] }).success).toBe(false);
    }
    const six = Array.from({ length: 6 }, (_, i) => `gid://shopify/Product/${i + 1}`);
    expect(generatePostSchema.safeParse({ ...form, featured: six }).success).toBe(false);
  });
});
