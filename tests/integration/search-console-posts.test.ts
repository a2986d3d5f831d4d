// Search Console's figures and a store's posts analysed afterwards: once Search Console has been read for a store,
// the background analysis of its articles (read from the fake Shopify) joins each article to its page's figures by
// address (storefront host without www., path without trailing slash), and an article Google did not list has none
// of its clicks or impressions; the article losing clicks is a refresh candidate with its reason.
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { saveShopifyConnection } from "../../core/src/connections/shopify/save-shopify-connection.ts";
import { ShopifyCostPacer } from "../../core/src/publishing/shopify/index.ts";
import { createSiteIndexer } from "../../core/src/site-index/index.ts";
import { createSitePostsAnalyser, listSitePosts } from "../../core/src/site-posts/index.ts";
import { createTestDatabase, type TestDatabase } from "../../core/src/testing/index.ts";
import { startFakeShopify, type FakeShopify } from "../fakes/shopify/index.ts";
import { seedUser } from "../support/scheduler/seed.ts";

const SHOP = "figures-store.myshopify.com";
const TOKEN = "shpat_figures_store";
const STOREFRONT = "https://www.figures-store.example";
const encryptionKey = randomBytes(32);
let fake: FakeShopify;
let db: TestDatabase;

beforeAll(async () => {
  db = await createTestDatabase();
  fake = await startFakeShopify({
    shops: [
      {
        domain: SHOP,
        accessToken: TOKEN,
        blogs: [{ title: "Journal", handle: "journal" }],
        primaryDomainUrl: STOREFRONT,
        scopes: ["read_content", "write_content"],
      },
    ],
  });
  const shop = fake.shop(SHOP);
  const blogId = shop.blogs[0]!.id;
  for (const [title, handle] of [
    ["Cold Brew at Home", "cold-brew"],
    ["Store News", "store-news"],
  ] as const) {
    const { userErrors } = await shop.createArticle(
      { blogId, author: { name: "Merchant" }, isPublished: true, title, handle, body: `<p>${title}.</p>` } as never,
      null,
      async () => null,
    );
    expect(userErrors).toEqual([]);
  }
}, 60_000);

afterAll(async () => {
  await fake?.close();
  await db?.close();
});

describe("Search Console's figures in a store's analysed posts", () => {
  it("joins each article to its page's figures by address, and marks the one losing clicks", async () => {
    const deps = {
      prisma: db.prisma,
      encryptionKey,
      fetch,
      allowPrivateNetworkTargets: false,
      loadImage: async () => null,
      shopifyApiBaseUrl: fake.apiBaseUrlTemplate,
      shopifyPacer: new ShopifyCostPacer(),
    };
    const userId = await seedUser(db, "Owner");
    const connection = await saveShopifyConnection(deps, {
      userId,
      connection: {
        storeName: "Figures Store",
        storeUrl: SHOP,
        accessToken: TOKEN,
        blogId: fake.shop(SHOP).blogs[0]!.id,
      },
    });
    const key = { userId, platform: "shopify", connectionId: connection.id };
    // Search Console was read for the store before its posts were analysed.
    await db.prisma.searchConsoleConnection.create({
      data: {
        ...key,
        accessToken: "v1:x",
        refreshToken: "v1:y",
        accessTokenExpiresAt: new Date(),
        scope: "https://www.googleapis.com/auth/webmasters.readonly",
        propertyUrl: "sc-domain:figures-store.example",
        readAt: new Date(),
      },
    });
    await db.prisma.searchConsolePage.create({
      data: {
        ...key,
        url: "https://figures-store.example/blogs/journal/cold-brew/",
        urlKey: "figures-store.example/blogs/journal/cold-brew",
        clicks: 30,
        impressions: 900,
        position: 7.5,
        previousClicks: 80,
        previousImpressions: 1000,
        previousPosition: 5,
      },
    });
    const indexer = createSiteIndexer(deps, { instanceId: "figures-test", intervalMs: 50 });
    const analyser = createSitePostsAnalyser(deps, { instanceId: "figures-test", intervalMs: 50 });
    indexer.start();
    analyser.start();
    try {
      await expect
        .poll(async () => (await listSitePosts(deps, { userId, page: 1, pageSize: 25 })).site?.state, {
          timeout: 30_000,
          interval: 100,
        })
        .toBe("ready");
    } finally {
      await Promise.all([indexer.stop(), analyser.stop()]);
    }
    const { posts } = await listSitePosts(deps, { userId, page: 1, pageSize: 25 });
    const coldBrew = posts.find((p) => p.title === "Cold Brew at Home")!;
    const news = posts.find((p) => p.title === "Store News")!;
    expect(coldBrew).toMatchObject({
      url: `${STOREFRONT}/blogs/journal/cold-brew`,
      search: { clicks: 30, impressions: 900, position: 7.5, previousClicks: 80, previousImpressions: 1000 },
      refreshCandidate: true,
      refreshReason: "Clicks down 63% (80 → 30) over 28 days",
    });
    expect(news).toMatchObject({
      search: { clicks: 0, impressions: 0, previousClicks: 0 },
      refreshCandidate: false,
      refreshReason: null,
    });
    // Losing 50 clicks, and seen by many: it comes first.
    expect(posts[0]!.title).toBe("Cold Brew at Home");
  }, 60_000);
});
