// "Your posts" on a Shopify store: every published article (the merchant's own, not only ours) is read with its body
// through Admin GraphQL (a document valid against Shopify's published schema, within its cost limit), analysed and
// stored for the owner's connection by the background analyser once the store's index is read, sorted by
// opportunity, and reached by its owner alone. Against the fake Shopify (real schema, scopes, cost limits).
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { saveShopifyConnection } from "../../core/src/connections/shopify/save-shopify-connection.ts";
import { ShopifyCostPacer } from "../../core/src/publishing/shopify/index.ts";
import { createSiteIndexer } from "../../core/src/site-index/index.ts";
import {
  createSitePostsAnalyser,
  listSitePosts,
  readShopifyArticles,
  sitePostArticles,
} from "../../core/src/site-posts/index.ts";
import { createTestDatabase, type TestDatabase } from "../../core/src/testing/index.ts";
import {
  calculateQueryCost,
  loadAdminSchema,
  startFakeShopify,
  validateAdminDocument,
  validateAdminQuery,
  type FakeShopify,
} from "../fakes/shopify/index.ts";
import { seedUser } from "../support/scheduler/seed.ts";

const SHOP = "posts-store.myshopify.com";
const TOKEN = "shpat_posts_store";
const encryptionKey = randomBytes(32);
const STOREFRONT = "https://www.posts-store.example";
let fake: FakeShopify;
let db: TestDatabase;

const long = (topic: string, paragraphs: number) =>
  Array.from(
    { length: paragraphs },
    (_, i) =>
      `<h2>${topic} part ${i + 1}</h2><p>${topic} is simple. However, ${topic} takes care. For example, clean the ${topic} tools first. Then rinse them well and dry them.</p>`,
  ).join("");

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
    throttle: { maximumAvailable: 2000, restoreRate: 100 },
  });
  const shop = fake.shop(SHOP);
  const blogId = shop.blogs[0]!.id;
  const create = async (input: Record<string, unknown>) => {
    const { article, userErrors } = await shop.createArticle(
      { blogId, author: { name: "Merchant" }, isPublished: true, ...input } as never,
      null,
      async () => null,
    );
    expect(userErrors).toEqual([]);
    return article!;
  };
  await create({
    title: "Cold Brew Coffee at Home",
    handle: "cold-brew",
    body: `<p>Cold brew coffee is smooth.</p>${long("cold brew coffee", 8)}<p><a href="/blogs/journal/grinder-care">grinder care</a></p>`,
    metafields: [
      {
        namespace: "global",
        key: "description_tag",
        type: "single_line_text_field",
        value:
          "Cold brew coffee at home: steep coarse coffee overnight in cold water, strain it, and keep it in the fridge for a week of smooth, easy iced coffee.",
      },
    ],
  });
  await create({
    title: "Grinder Care",
    handle: "grinder-care",
    body: `<p>Clean it.</p><p><a href="${STOREFRONT}/blogs/journal/cold-brew">cold brew</a></p>`,
  });
  for (let i = 0; i < 60; i++) await create({ title: `Store News ${i}`, body: `<p>News number ${i}.</p>` });
  await create({ title: "A Draft Article", body: "<p>Not yet.</p>", isPublished: false });
}, 120_000);

afterAll(async () => {
  await fake?.close();
  await db?.close();
});

const clientOptions = () => ({ fetch, apiBaseUrl: fake.apiBaseUrlTemplate, pacer: new ShopifyCostPacer() });

describe("Your posts on a Shopify store", () => {
  it("sends a document valid against Shopify's schema, within a single query's cost limit", () => {
    expect(validateAdminDocument(sitePostArticles.document)).toEqual([]);
    expect(sitePostArticles.document).toContain(`query ${sitePostArticles.name}`);
    const checked = validateAdminQuery(sitePostArticles.document, { after: null });
    if (!checked.ok) throw new Error(JSON.stringify(checked.errors));
    const cost = calculateQueryCost(loadAdminSchema(), checked.document, checked.operation, checked.variables);
    expect(cost).toBeLessThanOrEqual(1000);
  });

  it("reads every published article with its body, page after page, at its storefront address, and no drafts", async () => {
    const pagesRead: number[] = [];
    const { siteUrl, posts } = await readShopifyArticles(clientOptions(), {
      storeUrl: SHOP,
      accessToken: TOKEN,
      limit: 2000,
      onPage: async (read) => void pagesRead.push(read),
    });
    expect(siteUrl).toBe(STOREFRONT);
    expect(posts).toHaveLength(62);
    expect(pagesRead).toEqual([50, 62]);
    const coldBrew = posts.find((p) => p.slug === "cold-brew")!;
    expect(coldBrew.url).toBe(`${STOREFRONT}/blogs/journal/cold-brew`);
    expect(coldBrew.html).toContain("Cold brew coffee is smooth.");
    expect(coldBrew.metaDescription).toMatch(/^Cold brew coffee at home/);
    expect(coldBrew.publishedAt).toBeInstanceOf(Date);
    expect(posts.some((p) => p.title === "A Draft Article")).toBe(false);
  });

  it("analyses them in the background once the store is connected, sorted by opportunity, for its owner only", async () => {
    const deps = {
      prisma: db.prisma,
      encryptionKey,
      fetch,
      allowPrivateNetworkTargets: false,
      loadImage: async () => null,
      shopifyApiBaseUrl: fake.apiBaseUrlTemplate,
      shopifyPacer: new ShopifyCostPacer(),
    };
    const owner = await seedUser(db, "Owner");
    const stranger = await seedUser(db, "Stranger");
    const indexer = createSiteIndexer(deps, { instanceId: "posts-test", intervalMs: 50 });
    const analyser = createSitePostsAnalyser(deps, { instanceId: "posts-test", intervalMs: 50 });
    indexer.start();
    analyser.start();
    try {
      const connection = await saveShopifyConnection(deps, {
        userId: owner,
        connection: {
          storeName: "Posts Store",
          storeUrl: SHOP,
          accessToken: TOKEN,
          blogId: fake.shop(SHOP).blogs[0]!.id,
        },
      });
      await expect
        .poll(async () => (await listSitePosts(deps, { userId: owner, page: 1, pageSize: 25 })).site?.state, {
          timeout: 30_000,
          interval: 100,
        })
        .toBe("ready");
      const first = await listSitePosts(deps, { userId: owner, page: 1, pageSize: 25 });
      expect(first.site).toMatchObject({ platform: "shopify", connectionId: connection.id, postsAnalysed: 62 });
      expect(first.total).toBe(62);
      expect(first.posts).toHaveLength(25);
      const all = [...first.posts];
      for (let page = 2; page <= 3; page++)
        all.push(...(await listSitePosts(deps, { userId: owner, page, pageSize: 25 })).posts);
      expect(all).toHaveLength(62);
      const opportunities = all.map((p) => p.opportunity);
      expect(opportunities).toEqual([...opportunities].sort((a, b) => b - a));
      const coldBrew = all.find((p) => p.title === "Cold Brew Coffee at Home")!;
      const grinder = all.find((p) => p.title === "Grinder Care")!;
      const news = all.find((p) => p.title === "Store News 3")!;
      expect(coldBrew).toMatchObject({
        linksOut: 1,
        linksIn: 1,
        keyphrase: "cold brew coffee at home",
        keyphraseSource: "title",
      });
      expect(grinder).toMatchObject({ linksOut: 1, linksIn: 1 });
      expect(news).toMatchObject({ linksOut: 0, linksIn: 0, search: null });
      expect(coldBrew.words).toBeGreaterThan(200);
      expect(coldBrew.score).toBeGreaterThan(news.score);
      expect(coldBrew.failingChecks.map((c) => c.id)).not.toContain("meta-description-length");
      expect(news.failingChecks.map((c) => c.id)).toEqual(expect.arrayContaining(["text-length", "internal-links"]));
      // The longer, linked post is the smaller opportunity; the thin unlinked ones come first.
      expect(all.indexOf(coldBrew)).toBeGreaterThan(all.indexOf(news));
      expect(coldBrew.ageDays).toBe(0);

      // Another account sees no site and no posts, even naming the owner's connection.
      expect(await listSitePosts(deps, { userId: stranger, page: 1, pageSize: 25 })).toMatchObject({
        site: null,
        total: 0,
      });
      expect(
        await listSitePosts(deps, {
          userId: stranger,
          platform: "shopify",
          connectionId: connection.id,
          page: 1,
          pageSize: 25,
        }),
      ).toMatchObject({ site: null, posts: [] });
    } finally {
      await Promise.all([indexer.stop(), analyser.stop()]);
    }
  }, 60_000);
});
