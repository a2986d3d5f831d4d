// The site index of a Shopify store, read from the fake Shopify (which checks every query against the 2026-10
// schema, enforces access scopes and meters query cost with its leaky bucket): online store pages, published
// articles, collections and products at their storefront addresses, page after page, only within the scopes the
// store granted, waiting for the bucket rather than hammering it; a read that fails keeps the index it had.
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ShopifyCostPacer } from "../../core/src/publishing/shopify/index.ts";
import {
  createShopifySessionStore,
  findOrCreateShopAccount,
  offlineSessionId,
} from "../../core/src/shopify-shops/index.ts";
import {
  pickSiteLinks,
  readShopifySitePages,
  readSiteLinks,
  refreshSiteIndex,
} from "../../core/src/site-index/index.ts";
import { createTestDatabase, type TestDatabase } from "../../core/src/testing/index.ts";
import { seedStoreContent, startFakeShopify, type FakeShopify } from "../fakes/shopify/index.ts";

const SHOP = "index-store.myshopify.com";
const PRODUCTS_ONLY = "catalogue-store.myshopify.com";
const CONTENT_ONLY = "content-store.myshopify.com";
const NO_SCOPE = "closed-store.myshopify.com";
const ALL_SCOPES = ["read_content", "write_content", "read_products"];
const BUCKET = { maximumAvailable: 2000, restoreRate: 1000 };
let fake: FakeShopify;

async function seedArticles(domain: string, count: number) {
  const shop = fake.shop(domain);
  const blogId = shop.blogs[0]!.id;
  for (let i = 0; i < count; i++) {
    const title = i % 50 === 0 ? `Coffee Grinder Care, Part ${i}` : `Store News ${i}`;
    await shop.createArticle(
      { blogId, title, author: { name: "Ann" }, body: "<p>Hi</p>", isPublished: i !== 7 },
      null,
      async () => null,
    );
  }
}

beforeAll(async () => {
  fake = await startFakeShopify({
    shops: [
      {
        domain: SHOP,
        accessToken: "shpat_index",
        blogs: [{ title: "Journal", handle: "journal" }],
        primaryDomainUrl: "https://www.index-store.example",
        scopes: ALL_SCOPES,
      },
      { domain: PRODUCTS_ONLY, accessToken: "shpat_catalogue", scopes: ["read_products"] },
      { domain: CONTENT_ONLY, accessToken: "shpat_content", scopes: ["read_content"] },
      { domain: NO_SCOPE, accessToken: "shpat_closed", scopes: ["write_files"] },
    ],
    // A large, fast bucket so that reading the same store several times takes no time; one test narrows it.
    throttle: BUCKET,
  });
  await seedArticles(SHOP, 300);
  seedStoreContent(fake.shop(SHOP), { products: 600, collections: 12, pages: 10, unpublishedEvery: 10 });
  for (const domain of [PRODUCTS_ONLY, CONTENT_ONLY, NO_SCOPE]) {
    await seedArticles(domain, 3);
    seedStoreContent(fake.shop(domain), { products: 5, collections: 2, pages: 2, unpublishedEvery: 0 });
  }
});
afterAll(() => fake.close());

const options = () => ({ fetch, apiBaseUrl: fake.apiBaseUrlTemplate, pacer: new ShopifyCostPacer() });
const operationsSent = (domain: string, since: number) =>
  fake.requests
    .slice(since)
    .filter((r) => r.shop === domain)
    .map((r) => r.operationName);

describe("the Shopify store index", () => {
  it("reads pages, articles, collections and products over several pages, at their storefront addresses", async () => {
    const since = fake.requests.length;
    const pages = await readShopifySitePages(options(), { storeUrl: SHOP, accessToken: "shpat_index", limit: 10_000 });
    const byKind = (kind: string) => pages.filter((p) => p.kind === kind);
    expect(byKind("page")).toHaveLength(9);
    expect(byKind("article")).toHaveLength(299);
    expect(byKind("collection")).toHaveLength(11);
    expect(byKind("product")).toHaveLength(540);
    expect(pages.map((p) => p.title)).not.toContain("Store News 7");
    expect(byKind("page")[0]).toEqual({
      url: "https://www.index-store.example/pages/about-us",
      title: "About Us",
      kind: "page",
      sourceId: expect.stringMatching(/^page:\d+$/),
    });
    expect(byKind("article")[0]).toEqual({
      url: "https://www.index-store.example/blogs/journal/coffee-grinder-care-part-0",
      title: "Coffee Grinder Care, Part 0",
      kind: "article",
      sourceId: expect.stringMatching(/^article:\d+$/),
    });
    expect(byKind("collection")[0]!.url).toBe(
      "https://www.index-store.example/collections/coffee-grinder-collection-1",
    );
    expect(byKind("product")[0]).toEqual({
      url: "https://www.index-store.example/products/organic-coffee-grinder-no-1",
      title: "Organic Coffee Grinder No. 1",
      kind: "product",
      sourceId: expect.stringMatching(/^product:\d+$/),
    });
    // Cursor paging: each further page asks for the one after the last it had.
    const productRequests = fake.requests.slice(since).filter((r) => r.operationName === "SiteIndexProducts");
    expect(productRequests.map((r) => r.variables?.["after"] ?? null)).toEqual([
      null,
      expect.any(String),
      expect.any(String),
    ]);
    expect(operationsSent(SHOP, since).filter((name) => name === "SiteIndexArticles")).toHaveLength(2);

    const picked = pickSiteLinks(pages, {
      keyphrase: "coffee grinder",
      keywords: [],
      title: "Grinding coffee at home",
    });
    expect(picked.length).toBeGreaterThan(0);
    expect(picked.every((p) => /coffee grinder/i.test(p.title))).toBe(true);
  });

  it("gives only addresses a visitor can open: each one answers on the storefront, a hidden product's does not", async () => {
    const domain = "open-store.myshopify.com";
    const shop = fake.addShop({
      domain,
      accessToken: "shpat_open",
      scopes: ALL_SCOPES,
      primaryDomainUrl: `${fake.origin}/storefront/${domain}`,
    });
    await seedArticles(domain, 60);
    seedStoreContent(shop, { products: 40, collections: 4, pages: 4, unpublishedEvery: 5 });
    const pages = await readShopifySitePages(options(), { storeUrl: domain, accessToken: "shpat_open", limit: 10_000 });
    expect(new Set(pages.map((p) => p.kind))).toEqual(new Set(["page", "article", "collection", "product"]));
    for (const page of pages) {
      const answer = await fetch(page.url);
      expect(answer.status, page.url).toBe(200);
      expect(await answer.text()).toContain(`<h1>${page.title.replace(/&/g, "&amp;")}</h1>`);
    }
    const hidden = shop.products.find((p) => p.status !== "ACTIVE")!;
    expect(pages.some((p) => p.title === hidden.title)).toBe(false);
    expect((await fetch(`${fake.origin}/storefront/${domain}/products/${hidden.handle}`)).status).toBe(404);
  });

  it("reads only what the granted scopes allow, and asks nothing else", async () => {
    let since = fake.requests.length;
    const catalogue = await readShopifySitePages(options(), {
      storeUrl: PRODUCTS_ONLY,
      accessToken: "shpat_catalogue",
      limit: 100,
    });
    expect(new Set(catalogue.map((p) => p.kind))).toEqual(new Set(["collection", "product"]));
    expect(operationsSent(PRODUCTS_ONLY, since)).toEqual([
      "SiteIndexStore",
      "SiteIndexCollections",
      "SiteIndexProducts",
    ]);

    since = fake.requests.length;
    const content = await readShopifySitePages(options(), {
      storeUrl: CONTENT_ONLY,
      accessToken: "shpat_content",
      limit: 100,
    });
    expect(new Set(content.map((p) => p.kind))).toEqual(new Set(["page", "article"]));
    expect(operationsSent(CONTENT_ONLY, since)).toEqual(["SiteIndexStore", "SiteIndexPages", "SiteIndexArticles"]);

    since = fake.requests.length;
    expect(
      await readShopifySitePages(options(), { storeUrl: NO_SCOPE, accessToken: "shpat_closed", limit: 100 }),
    ).toEqual([]);
    expect(fake.requests.slice(since).every((r) => r.errors === null)).toBe(true);
  });

  it("stops at the bound, pages and articles first", async () => {
    const pages = await readShopifySitePages(options(), { storeUrl: SHOP, accessToken: "shpat_index", limit: 20 });
    expect(pages).toHaveLength(20);
    expect(pages.filter((p) => p.kind === "page")).toHaveLength(9);
    expect(pages.filter((p) => p.kind === "product")).toHaveLength(0);
  });

  it("waits for the store's bucket to refill instead of sending requests it would refuse", async () => {
    // An empty bucket that holds little more than a page of articles (cost 504): nearly every call fits only after a
    // wait.
    fake.setThrottle(SHOP, { maximumAvailable: 600, restoreRate: 600, currentlyAvailable: 0 });
    const since = fake.requests.length;
    try {
      const pages = await readShopifySitePages(options(), {
        storeUrl: SHOP,
        accessToken: "shpat_index",
        limit: 10_000,
      });
      expect(pages).toHaveLength(9 + 299 + 11 + 540);
    } finally {
      fake.setThrottle(SHOP, { ...BUCKET, currentlyAvailable: BUCKET.maximumAvailable });
    }
    const sent = fake.requests.slice(since).filter((r) => r.shop === SHOP);
    const throttled = sent.filter((r) => r.throttled);
    // Only the first call of each kind, whose cost the client could not know yet, may find the bucket short.
    expect(new Set(throttled.map((r) => r.operationName)).size).toBe(throttled.length);
    expect(sent.length - throttled.length).toBe(1 + 1 + 2 + 1 + 3);
  });
});

describe("refreshing a store's index", () => {
  let db: TestDatabase;
  const encryptionKey = randomBytes(32);
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(() => db.close());

  it("stores the pages read with the app's token, and keeps them when a later read fails part way", async () => {
    const { accessToken, refreshToken } = fake.issueTokens(SHOP);
    const { user } = await findOrCreateShopAccount(
      { prisma: db.prisma },
      { shop: SHOP, name: "Index Store", email: null, blogId: null },
    );
    await createShopifySessionStore({ prisma: db.prisma, encryptionKey }).storeSession({
      id: offlineSessionId(SHOP),
      shop: SHOP,
      state: "",
      isOnline: false,
      scope: ALL_SCOPES.join(","),
      expires: null,
      accessToken,
      refreshToken,
      refreshTokenExpires: null,
      onlineAccessInfo: null,
    });
    const deps = {
      prisma: db.prisma,
      encryptionKey,
      fetch,
      shopifyApiBaseUrl: fake.apiBaseUrlTemplate,
      shopifyPacer: new ShopifyCostPacer(),
      shopifyApp: { apiKey: "testApiKey", apiSecret: "testApiSecretKey" },
    };
    const [first] = await refreshSiteIndex(deps, { userId: user.id });
    expect(first).toMatchObject({ platform: "shopify", pages: 9 + 299 + 11 + 540 });
    const before = await readSiteLinks(db.prisma, user.id);

    fake.shop(SHOP).addProduct({ title: "Brand New Kettle" });
    // Pages, articles and collections are read; the first page of products fails.
    fake.failNext(SHOP, { status: 503 }, { operationName: "SiteIndexProducts" });
    await expect(refreshSiteIndex(deps, { userId: user.id })).rejects.toThrow(
      /could not be read.*links already known are kept/,
    );
    expect(await readSiteLinks(db.prisma, user.id)).toEqual(before);

    await refreshSiteIndex(deps, { userId: user.id });
    expect((await readSiteLinks(db.prisma, user.id)).map((p) => p.title)).toContain("Brand New Kettle");
  });
});
