import { describe, expect, it } from "vitest";
import { pickSiteLinks, type SiteLinkCandidate } from "./pick-site-links.ts";

const site: SiteLinkCandidate[] = [
  { url: "https://shop.example/products/burr-coffee-grinder", title: "Burr Coffee Grinder", kind: "product" },
  {
    url: "https://shop.example/blogs/news/how-to-clean-a-coffee-grinder",
    title: "How to Clean a Coffee Grinder",
    kind: "article",
  },
  { url: "https://shop.example/collections/grinders", title: "Grinders", kind: "collection" },
  { url: "https://shop.example/pages/about", title: "About Us", kind: "page" },
  { url: "https://shop.example/products/tea-kettle", title: "Gooseneck Tea Kettle", kind: "product" },
  { url: "https://shop.example/blogs/news/espresso-basics", title: "Espresso Basics for Beginners", kind: "article" },
];

describe("pickSiteLinks", () => {
  it("picks the pages whose titles match the keyphrase best, and none that share no word with the post", () => {
    const picked = pickSiteLinks(site, {
      keyphrase: "coffee grinder",
      keywords: ["espresso"],
      title: "Choosing a Coffee Grinder",
    });
    expect(
      picked
        .slice(0, 2)
        .map((p) => p.url)
        .sort(),
    ).toEqual([
      "https://shop.example/blogs/news/how-to-clean-a-coffee-grinder",
      "https://shop.example/products/burr-coffee-grinder",
    ]);
    expect(picked.map((p) => p.url)).toContain("https://shop.example/blogs/news/espresso-basics");
    expect(picked.map((p) => p.title)).not.toContain("About Us");
    expect(picked.map((p) => p.title)).not.toContain("Gooseneck Tea Kettle");
  });

  it("never repeats a link the owner gave (whatever its trailing slash), and picks at most the number asked", () => {
    const picked = pickSiteLinks(site, {
      keyphrase: "coffee grinder",
      keywords: [],
      title: "Coffee grinders",
      exclude: ["https://shop.example/products/burr-coffee-grinder/"],
      max: 1,
    });
    expect(picked).toEqual([site[1]]);
  });

  it("finds nothing on an empty index or an unrelated subject", () => {
    expect(pickSiteLinks([], { keyphrase: "coffee", keywords: [], title: "Coffee" })).toEqual([]);
    expect(pickSiteLinks(site, { keyphrase: "garden hose", keywords: [], title: "Watering plants" })).toEqual([]);
  });
});
