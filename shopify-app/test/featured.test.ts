// Store-aware writing: the merchant features products and collections picked in the admin; the action reads them
// from the store by ID (the fake checks the query against Shopify's 2026-10 schema and the read_products scope) and
// the stored post links to each with its storefront URL and its title as the anchor.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_SHOP } from "@shopify/shopify-api/test-helpers";
import { addCatalogItems, startFakeShopify, type FakeShopify } from "../../tests/fakes/shopify/index.ts";
import { callRoute, startAppHarness, type AppHarness } from "./app-harness";

let fake: FakeShopify;
let harness: AppHarness;
let candle: { id: string; handle: string };
let draft: { id: string };
let gifts: { id: string; handle: string };
beforeAll(async () => {
  fake = await startFakeShopify({
    shops: [
      {
        domain: TEST_SHOP,
        name: "Test Shop",
        primaryDomainUrl: "https://candles.example",
        blogs: [{ title: "News" }, { title: "Guides" }],
        scopes: ["read_content", "write_content", "read_files", "write_files", "read_products"],
      },
    ],
  });
  const added = addCatalogItems(fake.shop(TEST_SHOP), {
    products: [
      {
        title: "Lavender Soy Candle",
        description: "Hand-poured soy wax with lavender oil. Burns for 40 hours.",
        price: "19",
      },
      { title: "Unreleased Candle", status: "DRAFT" },
    ],
    collections: [{ title: "Gift Sets", description: "Candles boxed for giving." }],
  });
  candle = added.products[0]!;
  draft = added.products[1]!;
  gifts = added.collections[0]!;
  harness = await startAppHarness({ fake });
  const home = await import("../app/routes/app._index");
  await callRoute(home.loader, "/app"); // installs the app
});
afterAll(async () => {
  await harness.close();
  await fake.close();
});

function writeForm(featured: string[]) {
  const form = new URLSearchParams({
    title: "How to choose a scented candle",
    keywords: "scented candles, soy wax",
    companyName: "Test Shop",
    seoInstructions: "",
  });
  for (const id of featured) form.append("featured", id);
  return form;
}

async function posts() {
  const user = await harness.db.prisma.user.findUniqueOrThrow({ where: { shopDomain: TEST_SHOP } });
  return harness.db.prisma.blogPost.findMany({ where: { userId: user.id }, orderBy: { id: "asc" } });
}

describe("featuring the store's products in a post", () => {
  it("links the picked product and collection with their storefront URLs and titles", async () => {
    const write = await import("../app/routes/app.write");
    const answer = await callRoute(write.action, "/app/write", writeForm([candle.id, gifts.id]));
    expect(answer).toBeInstanceOf(Response);
    expect((answer as Response).status).toBe(302);

    const [post] = await posts();
    const productUrl = "https://candles.example/products/lavender-soy-candle";
    const collectionUrl = "https://candles.example/collections/gift-sets";
    expect(post!.htmlContent).toContain(`<a href="${productUrl}">Lavender Soy Candle</a>`);
    expect(post!.htmlContent).toContain(`<a href="${collectionUrl}">Gift Sets</a>`);
    expect(post!.htmlContent).toContain("19.00 USD");
    // each linked once, and kept with the post's links
    expect(post!.htmlContent.split(productUrl)).toHaveLength(2);
    expect(post!.links).toEqual(
      expect.arrayContaining([
        { url: productUrl, description: "Lavender Soy Candle" },
        { url: collectionUrl, description: "Gift Sets" },
      ]),
    );
    // looked up in the store by ID, never taken from the page
    const lookup = fake.requests.find((r) => r.operationName === "PostwrightFeaturedItems");
    expect(lookup?.status).toBe(200);
    expect(lookup?.variables).toEqual({ ids: [candle.id, gifts.id] });
    // The product's facts (variants' prices and stock) are read from the store too, kept with the post, and the post
    // checked against them: it agrees with the store.
    const facts = fake.requests.find((r) => r.operationName === "PostwrightProductFacts");
    expect(facts?.status).toBe(200);
    expect(facts?.variables).toMatchObject({ ids: [candle.id] });
    expect(post!.productFacts).toEqual([
      expect.objectContaining({
        id: candle.id,
        variants: [expect.objectContaining({ price: "19.00", availableForSale: true })],
      }),
    ]);
    expect(post!.productFactsReport).toMatchObject({
      mismatches: 0,
      products: [{ productId: candle.id, title: "Lavender Soy Candle", status: "agrees" }],
    });
  });

  it("refuses a product that is not on the online store, and IDs that are not products, with a message", async () => {
    const write = await import("../app/routes/app.write");
    const before = (await posts()).length;
    const unpublished = await callRoute(write.action, "/app/write", writeForm([draft.id]));
    expect(unpublished).toMatchObject({ init: { status: 400 } });
    expect(JSON.stringify(unpublished)).toContain("Unreleased Candle");
    expect(JSON.stringify(unpublished)).toContain("not published on your online store");

    const missing = await callRoute(write.action, "/app/write", writeForm(["gid://shopify/Product/1"]));
    expect(missing).toMatchObject({ init: { status: 400 } });
    expect(JSON.stringify(missing)).toContain("no longer in your store");

    const url = await callRoute(write.action, "/app/write", writeForm(["https://evil.example/products/x"]));
    expect(url).toMatchObject({ init: { status: 400 } });
    expect(JSON.stringify(url)).toContain("Pick products or collections from your store");
    expect(await posts()).toHaveLength(before);
  });
});

describe("publishing to a chosen blog", () => {
  it("lists the store's blogs, publishes to the one chosen, remembers it, and refuses a blog of no store", async () => {
    const [post] = await posts();
    const edit = await import("../app/routes/app.posts.$id");
    const params = { id: String(post!.id) };
    const blogs = fake.shop(TEST_SHOP).blogs;
    const guides = blogs.find((b) => b.title === "Guides")!;

    const page = (await callRoute(edit.loader, `/app/posts/${post!.id}`, undefined, params)) as {
      blogs: Array<{ id: string; title: string }>;
      blogId: string;
    };
    expect(page.blogs.map((b) => b.title)).toEqual(["News", "Guides"]);
    expect(page.blogId).toBe(blogs[0]!.id); // the first blog until another is chosen

    const refused = await callRoute(
      edit.action,
      `/app/posts/${post!.id}`,
      new URLSearchParams({ intent: "publish", blogId: "gid://shopify/Blog/999999" }),
      params,
    );
    expect(refused).toMatchObject({ init: { status: 400 } });
    expect(fake.shop(TEST_SHOP).articles).toHaveLength(0);

    const published = await callRoute(
      edit.action,
      `/app/posts/${post!.id}`,
      new URLSearchParams({ intent: "publish", blogId: guides.id }),
      params,
    );
    expect(published).toEqual({ message: "Post published" });
    expect(fake.shop(TEST_SHOP).articles.map((a) => a.blogId)).toEqual([guides.id]);
    const again = (await callRoute(edit.loader, `/app/posts/${post!.id}`, undefined, params)) as { blogId: string };
    expect(again.blogId).toBe(guides.id);
  });
});
