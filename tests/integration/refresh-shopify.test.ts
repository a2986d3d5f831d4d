// Refreshing one of Your posts on a Shopify store, against the fake Shopify (Shopify's published Admin schema, its
// scopes and cost limits): the article is read with article(id:) and nothing changes until the owner publishes; then
// articleUpdate writes the chosen items to the same article (same id and handle, so the same address), the SEO
// description tag included (the SEO title and description tags created where the article has none, and taken off again
// on restoring), and our own copy of the previous version puts it back in one step. An article edited in
// the store after the proposal is refused with 409. A model that fails (the local OpenAI-compatible fake answering an
// error) leaves the offline writer's sections, said so, and the owner's hourly allowance of model-written proposals
// untouched.
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { saveShopifyConnection } from "../../core/src/connections/shopify/save-shopify-connection.ts";
import { createProvider } from "../../core/src/ai/provider.ts";
import { ShopifyCostPacer } from "../../core/src/publishing/shopify/index.ts";
import {
  proposeRefresh,
  publishRefresh,
  refreshArticle,
  refreshArticleUpdate,
  refreshTagsDelete,
  restoreRefresh,
  type RefreshDeps,
} from "../../core/src/refresh/index.ts";
import { analyzeSitePosts, readShopifyArticles, saveSitePosts } from "../../core/src/site-posts/index.ts";
import { createTestDatabase, type TestDatabase } from "../../core/src/testing/index.ts";
import { startFakeOpenAI, type FakeOpenAI } from "../fakes/openai/server.ts";
import { startFakeShopify, validateAdminDocument, type FakeShopify } from "../fakes/shopify/index.ts";
import { runSiteIndexerUntilRead } from "../support/run-site-indexer.ts";
import { seedUser } from "../support/scheduler/seed.ts";

const SHOP = "refresh-store.myshopify.com";
const TOKEN = "shpat_refresh_store";
const STOREFRONT = "https://www.refresh-store.example";
const encryptionKey = randomBytes(32);
let fake: FakeShopify;
let openai: FakeOpenAI;
let db: TestDatabase;
let deps: RefreshDeps;
let owner: number;
const articleIds: Record<string, string> = {};

const metaTag = (value: string) => ({
  namespace: "global",
  key: "description_tag",
  type: "single_line_text_field",
  value,
});

beforeAll(async () => {
  db = await createTestDatabase();
  openai = await startFakeOpenAI({ tokensPerSecond: Infinity, latencyMs: 0 });
  fake = await startFakeShopify({
    shops: [
      {
        domain: SHOP,
        accessToken: TOKEN,
        blogs: [{ title: "Journal", handle: "journal" }],
        primaryDomainUrl: STOREFRONT,
        scopes: ["read_content", "write_content", "read_products"],
      },
    ],
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
  articleIds.teas = (
    await create({
      title: "Best Green Teas of 2023",
      handle: "best-green-teas",
      publishDate: "2023-02-01T10:00:00Z",
      body: "<p>We picked our favourites.</p><h2>Sencha</h2><p>Grassy and bright.</p><h2>Matcha</h2><p>Top picks for 2023 start here.</p><h2>In short</h2><p>Brew cool water.</p>",
      metafields: [metaTag("Our tea list.")],
    })
  ).id;
  await create({
    title: "Brewing Green Teas Cooler",
    handle: "brewing-green-teas",
    publishDate: "2025-05-01T10:00:00Z",
    body: "<p>Cooler water.</p>",
  });
  articleIds.matcha = (
    await create({
      title: "Matcha at Home in 2023",
      handle: "matcha-at-home",
      publishDate: "2023-03-01T10:00:00Z",
      body: "<p>Whisk it well.</p><h2>Tools</h2><p>A bamboo whisk and a bowl.</p>",
      summary: "<p>Our matcha notes.</p>",
    })
  ).id;
  articleIds.genmaicha = (
    await create({
      title: "Genmaicha Guide",
      handle: "genmaicha-guide",
      publishDate: "2023-05-01T10:00:00Z",
      body: "<p>Green tea with toasted rice.</p><h2>Brewing</h2><p>Hot water, two minutes.</p>",
    })
  ).id;
  // The store's products, one with a featured image whose alt text does not name the post's keyphrase.
  shop.addProduct({
    title: "Genmaicha Loose Leaf",
    handle: "genmaicha-loose-leaf",
    image: { url: "https://cdn.shopify.com/s/files/1/genmaicha-tin.jpg", altText: "A tin of toasted rice tea" },
  });
  shop.addProduct({ title: "Bamboo Whisk", handle: "bamboo-whisk" });
  articleIds.oolong = (
    await create({
      title: "Oolong Basics",
      handle: "oolong-basics",
      publishDate: "2023-04-01T10:00:00Z",
      body: "<p>Roll and steep.</p>",
    })
  ).id;

  deps = {
    prisma: db.prisma,
    encryptionKey,
    fetch,
    allowPrivateNetworkTargets: false,
    shopifyApiBaseUrl: fake.apiBaseUrlTemplate,
    shopifyPacer: new ShopifyCostPacer(),
  };
  owner = await seedUser(db, "Owner");
  const connection = await saveShopifyConnection({ ...deps, loadImage: async () => null } as never, {
    userId: owner,
    connection: { storeName: "Tea Store", storeUrl: SHOP, accessToken: TOKEN, blogId },
  });
  // The store's pages and products read into the site index, with their images, as the background does.
  await runSiteIndexerUntilRead(
    deps,
    () => db.prisma.siteIndexJob.findFirstOrThrow({ where: { userId: owner } }),
    new Date(0),
  );
  const { siteUrl, posts } = await readShopifyArticles(
    { fetch, apiBaseUrl: fake.apiBaseUrlTemplate, pacer: new ShopifyCostPacer() },
    { storeUrl: SHOP, accessToken: TOKEN, limit: 100 },
  );
  const now = new Date();
  await saveSitePosts(db.prisma, {
    userId: owner,
    platform: "shopify",
    connectionId: connection.id,
    posts: analyzeSitePosts(posts, { siteUrl, otherPages: [], now }),
    now,
  });
}, 120_000);

afterAll(async () => {
  await openai?.close();
  await fake?.close();
  await db?.close();
});

const sitePostId = async (title: string) =>
  (await db.prisma.sitePost.findFirstOrThrow({ where: { userId: owner, title } })).id;

describe("a refresh of a Shopify article", () => {
  it("sends documents valid against Shopify's Admin schema", () => {
    expect(validateAdminDocument(refreshArticle.document)).toEqual([]);
    expect(validateAdminDocument(refreshArticleUpdate.document)).toEqual([]);
    expect(validateAdminDocument(refreshTagsDelete.document)).toEqual([]);
  });

  it("proposes from the article as the store holds it, changes nothing until published, then updates it in place and restores it", async () => {
    const article = () => ({ ...fake.shop(SHOP).article(articleIds.teas!)! });
    const before = article();
    const refresh = await proposeRefresh(deps, {
      userId: owner,
      sitePostId: await sitePostId("Best Green Teas of 2023"),
    });
    expect(refresh).toMatchObject({
      platform: "shopify",
      url: `${STOREFRONT}/blogs/journal/best-green-teas`,
      state: "proposed",
    });
    const ids = refresh.items.map((item) => item.id);
    expect(ids).toEqual(expect.arrayContaining(["title", "meta-description", "part-0"]));
    expect(refresh.items.some((item) => item.after.includes(`${STOREFRONT}/blogs/journal/brewing-green-teas`))).toBe(
      true,
    );
    expect(article()).toEqual(before);

    const chosen = ids.filter((id) => id !== "title");
    await new Promise((resolve) => setTimeout(resolve, 5));
    const published = await publishRefresh(deps, { userId: owner, refreshId: refresh.id, itemIds: chosen });
    expect(published.state).toBe("published");
    const after = article();
    expect(after).toMatchObject({ id: before.id, handle: before.handle, blogId: before.blogId, title: before.title });
    expect(after.body).not.toBe(before.body);
    expect(after.body).toContain(refresh.items.find((i) => i.id === "part-0")!.after);
    expect(after.metafields.find((m) => m.key === "description_tag")?.value).toBe(
      refresh.items.find((i) => i.id === "meta-description")!.after,
    );
    expect(after.updatedAt > before.updatedAt).toBe(true);
    // Our own copy of the previous version.
    const row = await db.prisma.postRefresh.findFirstOrThrow({ where: { id: refresh.id } });
    expect((row.previous as { html: string }).html).toBe(before.body);

    await restoreRefresh(deps, { userId: owner, refreshId: refresh.id });
    const back = article();
    expect(back).toMatchObject({
      id: before.id,
      handle: before.handle,
      title: before.title,
      body: before.body,
      summary: before.summary,
    });
    expect(back.metafields.find((m) => m.key === "description_tag")?.value).toBe("Our tea list.");
  }, 60_000);

  it("creates the SEO title and description tags of an article that has none, and takes them off again on restoring", async () => {
    const article = () => structuredClone(fake.shop(SHOP).article(articleIds.matcha!)!);
    const before = article();
    expect(before.metafields).toEqual([]);
    const listed = await db.prisma.sitePost.findFirstOrThrow({ where: { userId: owner, remoteId: before.id } });
    expect((listed.failingChecks as Array<{ id: string }>).map((check) => check.id)).toContain(
      "keyphrase-in-meta-description",
    );
    const refresh = await proposeRefresh(deps, {
      userId: owner,
      sitePostId: await sitePostId("Matcha at Home in 2023"),
    });
    const seoTitle = refresh.items.find((item) => item.id === "seo-title");
    const meta = refresh.items.find((item) => item.id === "meta-description");
    expect(seoTitle).toMatchObject({ before: "" });
    expect(seoTitle!.after).toContain(String(new Date().getUTCFullYear()));
    expect(meta).toBeDefined();

    await publishRefresh(deps, { userId: owner, refreshId: refresh.id, itemIds: ["seo-title", "meta-description"] });
    const after = article();
    const tag = (key: string) => after.metafields.find((m) => m.namespace === "global" && m.key === key);
    expect(tag("title_tag")).toMatchObject({ type: "single_line_text_field", value: seoTitle!.after });
    expect(tag("description_tag")).toMatchObject({ type: "single_line_text_field", value: meta!.after });
    // The summary stays the merchant's; the title too, since its change was not taken.
    expect(after).toMatchObject({ title: before.title, summary: before.summary, body: before.body });
    // Your posts scores the article with its new description, which names the keyphrase.
    const sitePost = await db.prisma.sitePost.findFirstOrThrow({ where: { userId: owner, remoteId: before.id } });
    expect((sitePost.failingChecks as Array<{ id: string }>).map((check) => check.id)).not.toContain(
      "keyphrase-in-meta-description",
    );

    await restoreRefresh(deps, { userId: owner, refreshId: refresh.id });
    expect(article()).toMatchObject({
      title: before.title,
      summary: before.summary,
      body: before.body,
      metafields: [],
    });
  }, 60_000);

  it("refuses to publish over an article edited in the store since the proposal", async () => {
    const refresh = await proposeRefresh(deps, { userId: owner, sitePostId: await sitePostId("Oolong Basics") });
    await fake
      .shop(SHOP)
      .updateArticle(articleIds.oolong!, { body: "<p>Edited by the merchant.</p>" } as never, null, async () => null);
    await expect(
      publishRefresh(deps, { userId: owner, refreshId: refresh.id, itemIds: refresh.items.map((item) => item.id) }),
    ).rejects.toMatchObject({ status: 409 });
    expect(fake.shop(SHOP).article(articleIds.oolong!)!.body).toBe("<p>Edited by the merchant.</p>");
  }, 60_000);

  it("falls back to the offline writer when the model fails, says so, and leaves the model's hourly allowance as it was", async () => {
    const provider = createProvider({
      openai: { apiKey: "test", baseUrl: openai.url, model: "fake-model" },
      stream: false,
    });
    const modelProposals = async () =>
      (await db.prisma.rateLimit.findUnique({ where: { key: `refresh-model:${owner}` } }))?.hits ?? 0;
    const allProposals = async () =>
      (await db.prisma.rateLimit.findUnique({ where: { key: `refresh-proposals:${owner}` } }))?.hits ?? 0;
    const id = await sitePostId("Brewing Green Teas Cooler");
    const [modelBefore, allBefore] = [await modelProposals(), await allProposals()];

    openai.setBehaviour({ failures: [{ kind: "quota", step: "refresh_sections", times: 5 }] });
    const offline = await proposeRefresh({ ...deps, provider }, { userId: owner, sitePostId: id });
    expect(openai.requests.filter((r) => r.step === "refresh_sections").length).toBeGreaterThan(0);
    expect(offline.generator).toBe("offline");
    expect(offline.items.some((item) => item.id.startsWith("new-"))).toBe(true);
    expect(await modelProposals()).toBe(modelBefore);
    expect(await allProposals()).toBe(allBefore + 1);

    // The model answering again: its proposal is the model's, and counts against the allowance.
    openai.setBehaviour({ failures: [] });
    const written = await proposeRefresh({ ...deps, provider }, { userId: owner, sitePostId: id });
    expect(written.generator).toBe("ai:fake-model");
    expect(await modelProposals()).toBe(modelBefore + 1);
    expect(await allProposals()).toBe(allBefore + 2);
  }, 60_000);
});

describe("an image for a Shopify article that has none", () => {
  it("indexes the store's product images, proposes one with alt text for the article, publishes it when taken and not when left", async () => {
    const indexed = await db.prisma.siteIndexEntry.findFirstOrThrow({
      where: { userId: owner, url: `${STOREFRONT}/products/genmaicha-loose-leaf` },
    });
    expect(indexed).toMatchObject({
      imageUrl: "https://cdn.shopify.com/s/files/1/genmaicha-tin.jpg",
      imageAlt: "A tin of toasted rice tea",
    });
    const article = () => fake.shop(SHOP).article(articleIds.genmaicha!)!;
    const before = article().body;
    expect(before).not.toContain("<img");

    const proposal = await proposeRefresh(deps, { userId: owner, sitePostId: await sitePostId("Genmaicha Guide") });
    const image = proposal.items.find((item) => item.id === "image")!;
    expect(image).toMatchObject({ kind: "image", label: "Image: Genmaicha Loose Leaf", before: "" });
    expect(image.after).toBe(
      '<figure><img src="https://cdn.shopify.com/s/files/1/genmaicha-tin.jpg" alt="Genmaicha guide: a tin of toasted rice tea"></figure>',
    );
    const check = (scores: typeof proposal.scores.before) =>
      scores.checks.find((c) => c.id === "keyphrase-in-image-alt")!.status;
    expect(check(proposal.scores.before)).toBe("fail");
    expect(check(proposal.scores.proposed)).toBe("pass");

    // Left: published without it, the article has no image.
    const others = proposal.items.filter((item) => item.id !== "image").map((item) => item.id);
    await publishRefresh(deps, { userId: owner, refreshId: proposal.id, itemIds: others });
    expect(article().body).not.toContain("<img");
    await restoreRefresh(deps, { userId: owner, refreshId: proposal.id });
    expect(article().body).toBe(before);

    // Taken: in the same article, after the introduction, with its alt text.
    const again = await proposeRefresh(deps, { userId: owner, sitePostId: await sitePostId("Genmaicha Guide") });
    const published = await publishRefresh(deps, { userId: owner, refreshId: again.id, itemIds: ["image"] });
    expect(published.state).toBe("published");
    expect(article().body).toBe(
      before.replace("rice.</p>", `rice.</p>\n${again.items.find((item) => item.id === "image")!.after}\n`),
    );
    expect(check(published.scores.chosen)).toBe("pass");
  }, 120_000);
});
