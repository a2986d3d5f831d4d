// Featuring store products from the site's write form: GET /api/store-products searches the member's connected stores
// (a real WordPress 7.1 with a stand-in for WooCommerce's Store API, and the fake Shopify store), and
// POST /api/blog-posts/generate with picked IDs reads each product from its store (name, price with currency, stock,
// link), keeps its card and facts with the post, and refuses a product the store no longer has or a store not
// connected, in words the owner can act on.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BlogPostView, StoreProductSearch } from "@postwright/core/contracts";
import { addCatalogItems, startFakeShopify, type FakeShopify } from "../../../../tests/fakes/shopify/index.ts";
import { startWordPress, type WordPressSite } from "../../../../tests/support/wordpress/start-wordpress.ts";
import {
  offerStoreApi,
  setProducts,
  withdrawStoreApi,
  type StandInProduct,
} from "../../../../tests/support/wordpress/woocommerce-store-api.ts";
import { createTestApp, type TestAgent, type TestApp } from "../testing/index.ts";

const SHOP = "store-products.myshopify.com";
const TOKEN = "shpat_store_products";

let site: WordPressSite;
let fake: FakeShopify;
let app: TestApp;
let catalog: ReturnType<typeof addCatalogItems>;

const apron: StandInProduct = { id: 11, name: "Linen Apron", price: "32.00", shortDescription: "Stonewashed linen." };
const grinder: StandInProduct = { id: 12, name: "Hand Grinder", price: "89.50", inStock: false };

beforeAll(async () => {
  site = await startWordPress();
  fake = await startFakeShopify({
    shops: [
      {
        domain: SHOP,
        accessToken: TOKEN,
        blogs: [{ title: "News", handle: "news" }],
        primaryDomainUrl: "https://mugs.example",
        scopes: ["read_content", "write_content", "read_files", "write_files", "read_products"],
      },
    ],
  });
  catalog = addCatalogItems(fake.shop(SHOP), {
    products: [
      { title: "Speckled Mug", price: "22" },
      { title: "Stoneware Plate", price: "30" },
    ],
  });
  app = await createTestApp({ env: { ALLOW_PRIVATE_NETWORK_TARGETS: "1" } });
  app.ctx.shopifyApiBaseUrl = fake.apiBaseUrlTemplate;
}, 600_000);
afterAll(async () => {
  await app?.close();
  await fake?.close();
  await site?.stop();
});

async function member(connect: { wordpress?: boolean; shopify?: boolean }): Promise<TestAgent & { userId: number }> {
  const agent = app.agent();
  const { user } = await app.signUpAndLogin(agent, { firstName: "Wren", lastName: "Baker" });
  await app.db.prisma.user.update({
    where: { id: user.id },
    data: { subscriptionPlan: "professional", subscriptionStatus: "active" },
  });
  if (connect.wordpress) {
    const saved = await agent.post("/api/wordpress/connection").send({
      siteName: "Roastery",
      siteUrl: site.url,
      username: site.adminUser,
      applicationPassword: site.applicationPassword,
      isActive: true,
    });
    expect(saved.status).toBe(200);
  }
  if (connect.shopify) {
    const saved = await agent.post("/api/shopify/connection").send({
      storeName: "Mugs",
      storeUrl: SHOP,
      accessToken: TOKEN,
      blogId: fake.shop(SHOP).blogs[0]!.id,
    });
    expect(saved.status).toBe(200);
  }
  return Object.assign(agent, { userId: user.id });
}

const form = (featured: string[], showProductCards = true) => ({
  title: "Dressing for the roaster",
  keywords: ["roaster apron"],
  featured,
  showProductCards,
});

describe("GET /api/store-products", () => {
  it("finds the WooCommerce products of the connected WordPress site by name, with price, currency and stock", async () => {
    await offerStoreApi(site, [apron, grinder]);
    const agent = await member({ wordpress: true });

    const found = await agent.get("/api/store-products").query({ q: "apron" });
    expect(found.status).toBe(200);
    const body = found.body as StoreProductSearch;
    expect(body.sources).toEqual(["woocommerce"]);
    expect(body.maxFeatured).toBe(5);
    expect(body.problems).toEqual([]);
    expect(body.products).toEqual([
      {
        id: "woocommerce:11",
        source: "woocommerce",
        title: "Linen Apron",
        price: "32.00 USD",
        available: true,
        url: `${site.url}/product/linen-apron/`,
        image: null,
      },
    ]);

    const all = (await agent.get("/api/store-products")).body as StoreProductSearch;
    expect(all.products.map((p) => [p.title, p.available])).toEqual([
      ["Linen Apron", true],
      ["Hand Grinder", false],
    ]);
    expect((await agent.get("/api/store-products").query({ q: "teapot" })).body).toMatchObject({ products: [] });
  });

  it("lists nothing to feature for a WordPress site without WooCommerce, and searches a connected Shopify store", async () => {
    await withdrawStoreApi(site);
    const agent = await member({ wordpress: true });
    expect((await agent.get("/api/store-products")).body).toEqual({
      sources: [],
      maxFeatured: 5,
      products: [],
      problems: [],
    });

    const both = await member({ wordpress: true, shopify: true });
    const mugs = (await both.get("/api/store-products").query({ q: "speck" })).body as StoreProductSearch;
    expect(mugs.sources).toEqual(["shopify"]);
    expect(mugs.products).toEqual([
      expect.objectContaining({ source: "shopify", title: "Speckled Mug", price: "22.00 USD", available: true }),
    ]);
  });

  it("refuses a search that is too long and a visitor who is not signed in", async () => {
    const agent = await member({});
    const long = await agent.get("/api/store-products").query({ q: "x".repeat(101) });
    expect(long.status).toBe(400);
    expect(long.body.message).toMatch(/at most 100 characters/);
    expect((await app.agent().get("/api/store-products")).status).toBe(401);
  });
});

describe("POST /api/blog-posts/generate with featured products", () => {
  it("writes a post featuring a WooCommerce product read from the site, with its card and its facts checked", async () => {
    await offerStoreApi(site, [apron, grinder]);
    const agent = await member({ wordpress: true });

    const res = await agent.post("/api/blog-posts/generate").send(form(["woocommerce:11"]));
    expect(res.status).toBe(200);
    const post = (res.body as { blogPost: BlogPostView }).blogPost;
    expect(post.showProductCards).toBe(true);
    expect(post.productCards).toEqual([
      {
        productId: "woocommerce:11",
        title: "Linen Apron",
        url: `${site.url}/product/linen-apron/`,
        image: null,
        price: "32.00",
        currencyCode: "USD",
        available: true,
      },
    ]);
    // The card is in the post, and the post links to the product's page on the site.
    expect(post.htmlContent).toContain('data-product-id="woocommerce:11"');
    expect(post.links).toContainEqual({ url: `${site.url}/product/linen-apron/`, description: "Linen Apron" });
    expect(post.productFacts?.products).toEqual([
      expect.objectContaining({ productId: "woocommerce:11", title: "Linen Apron", status: "agrees" }),
    ]);
    // Its SEO figures are those of the post as stored, card included: saved again unchanged, it scores the same.
    const figures = (view: BlogPostView) => ({
      seoScore: view.seoScore,
      seoChecks: view.seoChecks,
      wordCount: view.wordCount,
      readingTime: view.readingTime,
    });
    const resaved = await agent.patch(`/api/blog-posts/${post.id}`).send({ title: post.title });
    expect(resaved.status).toBe(200);
    expect((resaved.body as BlogPostView).htmlContent).toBe(post.htmlContent);
    expect(figures(resaved.body as BlogPostView)).toEqual(figures(post));
    expect((res.body as { generatedContent: { seoScore: number } }).generatedContent.seoScore).toBe(
      (resaved.body as BlogPostView).seoScore,
    );

    // The price changes in WooCommerce: checking the post before publishing finds it.
    await setProducts(site, [{ ...apron, price: "36.00" }, grinder]);
    const checked = await agent.post(`/api/blog-posts/${post.id}/product-facts`);
    expect(checked.status).toBe(200);
    const report = (checked.body as { blogPost: BlogPostView }).blogPost.productFacts;
    expect(report?.mismatches).toBe(1);
    expect(report?.products[0]).toMatchObject({
      productId: "woocommerce:11",
      status: "mismatch",
      // The card's price (and any the text states) disagrees; its stock still agrees.
      findings: expect.arrayContaining([
        { kind: "price", post: "$32.00", store: "$36.00", agrees: false },
        { kind: "stock", post: "In stock", store: "in stock", agrees: true },
      ]),
    });
  });

  it("writes a post featuring a product of the connected Shopify store, picked through the search", async () => {
    const agent = await member({ shopify: true });
    const found = (await agent.get("/api/store-products").query({ q: "plate" })).body as StoreProductSearch;
    const plate = found.products[0]!;
    expect(plate).toMatchObject({ source: "shopify", title: "Stoneware Plate", price: "30.00 USD" });

    const res = await agent.post("/api/blog-posts/generate").send(form([plate.id], false));
    expect(res.status).toBe(200);
    const post = (res.body as { blogPost: BlogPostView }).blogPost;
    // Kept for later, not shown: the owner left "Show product cards" off.
    expect(post.showProductCards).toBe(false);
    expect(post.htmlContent).not.toContain("postwright-product-card");
    expect(post.productCards).toEqual([
      expect.objectContaining({ productId: plate.id, title: "Stoneware Plate", price: "30.00", currencyCode: "USD" }),
    ]);
    expect(post.links).toContainEqual({ url: plate.url, description: "Stoneware Plate" });
  });

  it("checks a post featuring products of both stores against both, with a WooCommerce product it only names", async () => {
    await offerStoreApi(site, [apron, grinder]);
    const agent = await member({ wordpress: true, shopify: true });
    const mug = ((await agent.get("/api/store-products").query({ q: "speck" })).body as StoreProductSearch)
      .products[0]!;
    const res = await agent.post("/api/blog-posts/generate").send(form(["woocommerce:11", mug.id]));
    expect(res.status).toBe(200);
    const post = (res.body as { blogPost: BlogPostView }).blogPost;
    // The post also says the grinder (not featured) is in stock; WooCommerce has it sold out.
    await app.db.prisma.blogPost.update({
      where: { id: post.id },
      data: { htmlContent: `${post.htmlContent}<p>Grind with the Hand Grinder, $89.50 and in stock.</p>` },
    });

    const check = async () => {
      const checked = await agent.post(`/api/blog-posts/${post.id}/product-facts`);
      expect(checked.status).toBe(200);
      return (checked.body as { blogPost: BlogPostView }).blogPost.productFacts!;
    };
    const first = await check();
    expect(first.products.map((p) => [p.productId, p.title, p.status])).toEqual([
      [mug.id, "Speckled Mug", "agrees"],
      ["woocommerce:11", "Linen Apron", "agrees"],
      ["woocommerce:12", "Hand Grinder", "mismatch"],
    ]);
    expect(first.mismatches).toBe(1);
    expect(first.products[2]!.findings).toEqual([
      { kind: "price", post: "$89.50", store: "$89.50", agrees: true },
      { kind: "stock", post: "in stock", store: "sold out", agrees: false },
    ]);

    // Prices change in both stores: each change is found, against its own store.
    catalog.products.find((p) => p.title === "Speckled Mug")!.price = "25";
    await setProducts(site, [
      { ...apron, price: "36.00" },
      { ...grinder, inStock: true },
    ]);
    const second = await check();
    expect(second.products.map((p) => [p.title, p.status])).toEqual([
      ["Speckled Mug", "mismatch"],
      ["Linen Apron", "mismatch"],
      ["Hand Grinder", "agrees"],
    ]);
    expect(second.mismatches).toBe(2);
    expect((await agent.get(`/api/blog-posts/${post.id}`)).body.productFacts.mismatches).toBe(2);
    catalog.products.find((p) => p.title === "Speckled Mug")!.price = "22";
  });

  it("refuses a product the store no longer has, and products of a store that is not connected", async () => {
    await offerStoreApi(site, [apron]);
    const agent = await member({ wordpress: true });
    const gone = await agent.post("/api/blog-posts/generate").send(form(["woocommerce:99"]));
    expect(gone.status).toBe(400);
    expect(gone.body.message).toBe(
      "One of the products you picked (woocommerce:99) is no longer in your store. Pick it again.",
    );

    const shopifyless = await agent.post("/api/blog-posts/generate").send(form(["gid://shopify/Product/1"]));
    expect(shopifyless.status).toBe(400);
    expect(shopifyless.body.message).toBe(
      "Connect your Shopify store to feature its products, or take them out of the post.",
    );

    const tooMany = await agent
      .post("/api/blog-posts/generate")
      .send(
        form(["woocommerce:1", "woocommerce:2", "woocommerce:3", "woocommerce:4", "woocommerce:5", "woocommerce:6"]),
      );
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.message).toMatch(/Feature at most 5 products or collections/);
    // Nothing refused was written.
    expect(await app.db.prisma.blogPost.count({ where: { userId: agent.userId } })).toBe(0);
  });
});
