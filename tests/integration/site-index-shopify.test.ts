// The site index of a Shopify store, read from the fake Shopify (which checks every query against the 2026-10
// schema, enforces access scopes and meters query cost): published articles at their storefront addresses, page
// after page, within the scopes granted.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ShopifyCostPacer } from "../../core/src/publishing/shopify/index.ts";
import { pickSiteLinks, readShopifySitePages } from "../../core/src/site-index/index.ts";
import { startFakeShopify, type FakeShopify } from "../fakes/shopify/index.ts";

const SHOP = "index-store.myshopify.com";
const NO_SCOPE = "closed-store.myshopify.com";
let fake: FakeShopify;

beforeAll(async () => {
  fake = await startFakeShopify({
    shops: [
      {
        domain: SHOP,
        accessToken: "shpat_index",
        blogs: [{ title: "Journal", handle: "journal" }],
        primaryDomainUrl: "https://www.index-store.example",
      },
      { domain: NO_SCOPE, accessToken: "shpat_closed", scopes: ["write_files"] },
    ],
  });
  const shop = fake.shop(SHOP);
  const blogId = shop.blogs[0]!.id;
  const noImages = async () => null;
  for (let i = 0; i < 300; i++) {
    const title = i % 50 === 0 ? `Coffee Grinder Care, Part ${i}` : `Store News ${i}`;
    await shop.createArticle(
      { blogId, title, author: { name: "Ann" }, body: "<p>Hi</p>", isPublished: i !== 7 },
      null,
      noImages,
    );
  }
});
afterAll(() => fake.close());

const options = () => ({ fetch, apiBaseUrl: fake.apiBaseUrlTemplate, pacer: new ShopifyCostPacer() });

describe("the Shopify store index", () => {
  it("reads every published article over several pages, at its storefront address", async () => {
    const pages = await readShopifySitePages(options(), { storeUrl: SHOP, accessToken: "shpat_index", limit: 2000 });
    expect(pages).toHaveLength(299);
    expect(pages.map((p) => p.title)).not.toContain("Store News 7");
    expect(pages[0]).toEqual({
      url: "https://www.index-store.example/blogs/journal/coffee-grinder-care-part-0",
      title: "Coffee Grinder Care, Part 0",
      kind: "article",
    });
    const operations = fake.requests.filter((r) => r.operationName === "SiteIndexArticles");
    expect(operations.length).toBeGreaterThanOrEqual(2);
    const picked = pickSiteLinks(pages, {
      keyphrase: "coffee grinder",
      keywords: [],
      title: "Grinding coffee at home",
    });
    expect(picked.every((p) => p.title.startsWith("Coffee Grinder Care"))).toBe(true);
  });

  it("stops at the bound, and reports a store whose token may not read content", async () => {
    expect(
      await readShopifySitePages(options(), { storeUrl: SHOP, accessToken: "shpat_index", limit: 10 }),
    ).toHaveLength(10);
    await expect(
      readShopifySitePages(options(), { storeUrl: NO_SCOPE, accessToken: "shpat_closed", limit: 10 }),
    ).rejects.toThrow(/read_content/);
  });
});
