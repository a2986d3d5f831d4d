// Testing a Shopify connection against the fake Shopify, as the connection dialog does before the merchant picks a blog.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ShopifyCostPacer, testShopifyConnection } from "../../core/src/publishing/shopify/index.ts";
import { startFakeShopify, type FakeShopify } from "../fakes/shopify/index.ts";

let fake: FakeShopify;
const options = () => ({ fetch, apiBaseUrl: fake.apiBaseUrlTemplate, pacer: new ShopifyCostPacer() });

beforeAll(async () => {
  fake = await startFakeShopify({
    shops: [
      {
        domain: "seo-store.myshopify.com",
        accessToken: "shpat_seo",
        blogs: [{ title: "News" }, { title: "Guides" }],
        aliases: ["shop.example.com"],
      },
      { domain: "empty-store.myshopify.com", accessToken: "shpat_empty", blogs: [] },
      {
        domain: "many-blogs.myshopify.com",
        accessToken: "shpat_many",
        blogs: Array.from({ length: 60 }, (_, i) => ({ title: `Blog ${i + 1}` })),
      },
      { domain: "no-scope.myshopify.com", accessToken: "shpat_noscope", scopes: [] },
    ],
  });
});
afterAll(() => fake.close());

describe("testShopifyConnection", () => {
  it("lists the store's blogs by GID and title, whatever form of the store address was typed", async () => {
    const blogs = fake.shop("seo-store.myshopify.com").blogs.map((b) => ({ id: b.id, title: b.title }));
    for (const storeUrl of ["seo-store", "https://SEO-Store.myshopify.com/admin", "seo-store.myshopify.com"]) {
      const result = await testShopifyConnection({ storeUrl, accessToken: " shpat_seo " }, options());
      expect(result).toEqual({ valid: true, blogs });
    }
    expect(blogs[0]!.id).toMatch(/^gid:\/\/shopify\/Blog\/\d+$/);
  });

  it("works with the custom domain the merchant gave", async () => {
    const result = await testShopifyConnection(
      { storeUrl: "https://shop.example.com", accessToken: "shpat_seo" },
      options(),
    );
    expect(result.valid).toBe(true);
    expect(result.blogs.map((b) => b.title)).toEqual(["News", "Guides"]);
  });

  it("reports an invalid access token as invalid with a message the merchant can act on", async () => {
    const result = await testShopifyConnection(
      { storeUrl: "seo-store.myshopify.com", accessToken: "shpat_wrong" },
      options(),
    );
    expect(result).toEqual({
      valid: false,
      blogs: [],
      message: expect.stringMatching(/^Shopify rejected the access token/),
    });
    expect(fake.requests.at(-1)?.status).toBe(401);
  });

  it("reports a token without permission to read blogs", async () => {
    const result = await testShopifyConnection(
      { storeUrl: "no-scope.myshopify.com", accessToken: "shpat_noscope" },
      options(),
    );
    expect(result.valid).toBe(false);
    expect(result.message).toMatch(/read_content/);
  });

  it("reports a store that does not exist and an address that is not one", async () => {
    const missing = await testShopifyConnection(
      { storeUrl: "nobody.myshopify.com", accessToken: "shpat_seo" },
      options(),
    );
    expect(missing).toEqual({
      valid: false,
      blogs: [],
      message: "No Shopify store answered at nobody.myshopify.com. Check the store URL.",
    });
    const garbage = await testShopifyConnection({ storeUrl: "not a store", accessToken: "shpat_seo" }, options());
    expect(garbage).toEqual({
      valid: false,
      blogs: [],
      message: "Enter your store's address, for example mystore.myshopify.com.",
    });
  });

  it("reports a store that cannot be reached", async () => {
    const closed = await startFakeShopify();
    const apiBaseUrl = closed.apiBaseUrl();
    await closed.close();
    const result = await testShopifyConnection(
      { storeUrl: "postwright-test.myshopify.com", accessToken: "shpat_x" },
      { fetch, apiBaseUrl },
    );
    expect(result.valid).toBe(false);
    expect(result.message).toMatch(/^Could not reach the Shopify store at postwright-test.myshopify.com/);
  });

  it("says so when the store has no blog to publish to", async () => {
    const result = await testShopifyConnection({ storeUrl: "empty-store", accessToken: "shpat_empty" }, options());
    expect(result.valid).toBe(true);
    expect(result.blogs).toEqual([]);
    expect(result.message).toMatch(/no blog yet/);
  });

  it("lists every blog of a store with more than one page of them", async () => {
    const result = await testShopifyConnection({ storeUrl: "many-blogs", accessToken: "shpat_many" }, options());
    expect(result.blogs).toHaveLength(60);
    expect(new Set(result.blogs.map((b) => b.id)).size).toBe(60);
  });
});
