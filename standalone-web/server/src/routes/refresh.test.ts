// Refreshing one of Your posts through the site's API (/api/refreshes...), against the fake Shopify: a proposal is
// answered with its items and scores and changes nothing in the store; the chosen items are scored on the server;
// publishing writes them to the same article; restoring puts it back; every refresh is its owner's alone; bad input
// and repeated actions are refused with their messages. Every answer is checked against /api/openapi.json.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RefreshScores, RefreshView } from "@postwright/core/contracts";
import { ShopifyCostPacer } from "@postwright/core/publishing";
import { encryptSecret } from "@postwright/core/security";
import { analyzeSitePosts, readShopifyArticles, saveSitePosts } from "@postwright/core/site-posts";
import { startFakeShopify, type FakeShopify } from "../../../../tests/fakes/shopify/index.ts";
import { createTestApp, type TestAgent, type TestApp } from "../testing/index.ts";

const SHOP = "refresh-api.myshopify.com";
const TOKEN = "shpat_refresh_api";
let fake: FakeShopify;
let t: TestApp;
let articleId: string;

beforeAll(async () => {
  fake = await startFakeShopify({
    shops: [
      {
        domain: SHOP,
        accessToken: TOKEN,
        blogs: [{ title: "Journal", handle: "journal" }],
        primaryDomainUrl: "https://www.refresh-api.example",
        scopes: ["read_content", "write_content"],
      },
    ],
  });
  const shop = fake.shop(SHOP);
  const { article } = await shop.createArticle(
    {
      blogId: shop.blogs[0]!.id,
      author: { name: "Merchant" },
      isPublished: true,
      title: "Best Candle Scents of 2024",
      handle: "best-candle-scents",
      body: "<p>Our favourites.</p><h2>Fresh</h2><p>Citrus and mint.</p><h2>Warm</h2><p>Amber.</p>",
    } as never,
    null,
    async () => null,
  );
  articleId = article!.id;
  t = await createTestApp({ env: { ALLOW_PRIVATE_NETWORK_TARGETS: "1" } });
  t.ctx.shopifyApiBaseUrl = fake.apiBaseUrlTemplate;
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

/** A member whose store is connected and analysed: the id of its article among Your posts. */
async function memberWithStore(): Promise<{ agent: TestAgent; sitePostId: number }> {
  const agent = t.agent();
  const { user } = await t.signUpAndLogin(agent);
  const connection = await t.db.prisma.shopifyConnection.create({
    data: {
      userId: user.id,
      storeName: "Candles",
      storeUrl: `https://${SHOP}`,
      apiKey: "",
      password: encryptSecret(TOKEN, t.config.encryptionKey),
      blogId: fake.shop(SHOP).blogs[0]!.id,
    },
  });
  const { siteUrl, posts } = await readShopifyArticles(
    { fetch, apiBaseUrl: fake.apiBaseUrlTemplate, pacer: new ShopifyCostPacer() },
    { storeUrl: SHOP, accessToken: TOKEN, limit: 10 },
  );
  const now = new Date();
  await saveSitePosts(t.db.prisma, {
    userId: user.id,
    platform: "shopify",
    connectionId: connection.id,
    posts: analyzeSitePosts(posts, { siteUrl, otherPages: [], now }),
    now,
  });
  const post = await t.db.prisma.sitePost.findFirstOrThrow({ where: { userId: user.id } });
  return { agent, sitePostId: post.id };
}

describe("/api/refreshes", () => {
  it("asks for a session", async () => {
    expect((await t.request().get("/api/refreshes/1")).status).toBe(401);
    expect((await t.request().post("/api/refreshes").send({ sitePostId: 1 })).status).toBe(401);
  });

  it("proposes, scores a choice, publishes it in place and restores it, for the owner only", async () => {
    const member = await memberWithStore();
    const stranger = t.agent();
    await t.signUpAndLogin(stranger);
    const before = { ...fake.shop(SHOP).article(articleId)! };

    const proposed = await member.agent.post("/api/refreshes").send({ sitePostId: member.sitePostId });
    expect(proposed.status).toBe(201);
    const refresh = proposed.body as RefreshView;
    expect(refresh).toMatchObject({ platform: "shopify", state: "proposed", canRestore: false, generator: "offline" });
    expect(refresh.items.map((i) => i.id)).toEqual(expect.arrayContaining(["title", "part-0"]));
    expect(fake.shop(SHOP).article(articleId)).toEqual(before);

    const read = await member.agent.get(`/api/refreshes/${refresh.id}`);
    expect(read.body).toEqual(refresh);
    expect((await stranger.get(`/api/refreshes/${refresh.id}`)).status).toBe(404);
    expect((await stranger.post("/api/refreshes").send({ sitePostId: member.sitePostId })).status).toBe(404);
    expect((await stranger.post(`/api/refreshes/${refresh.id}/publish`).send({ itemIds: ["title"] })).status).toBe(404);

    const preview = await member.agent.post(`/api/refreshes/${refresh.id}/preview`).send({ itemIds: ["part-0"] });
    expect(preview.status).toBe(200);
    const scores = preview.body as RefreshScores;
    expect(scores.chosenItemIds).toEqual(["part-0"]);
    expect(scores.chosen.score).toBeGreaterThan(scores.before.score);

    const unknown = await member.agent.post(`/api/refreshes/${refresh.id}/publish`).send({ itemIds: ["part-42"] });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toContain("not part of this refresh");
    const none = await member.agent.post(`/api/refreshes/${refresh.id}/publish`).send({ itemIds: [] });
    expect(none.status).toBe(400);
    expect(none.body.message).toContain("Choose at least one change");
    expect(fake.shop(SHOP).article(articleId)).toEqual(before);

    const published = await member.agent
      .post(`/api/refreshes/${refresh.id}/publish`)
      .send({ itemIds: ["title", "part-0"] });
    expect(published.status).toBe(200);
    expect(published.body).toMatchObject({ state: "published", canRestore: true });
    const after = fake.shop(SHOP).article(articleId)!;
    expect(after).toMatchObject({ id: before.id, handle: before.handle });
    expect(after.title).toBe(refresh.items.find((i) => i.id === "title")!.after);
    expect((await member.agent.post(`/api/refreshes/${refresh.id}/publish`).send({ itemIds: ["title"] })).status).toBe(
      409,
    );

    const restored = await member.agent.post(`/api/refreshes/${refresh.id}/restore`);
    expect(restored.status).toBe(200);
    expect(restored.body).toMatchObject({ state: "restored", canRestore: false });
    expect(fake.shop(SHOP).article(articleId)).toMatchObject({
      title: before.title,
      body: before.body,
      handle: before.handle,
    });
    const again = await member.agent.post(`/api/refreshes/${refresh.id}/restore`);
    expect(again.status).toBe(409);
    expect(again.body.message).toContain("restored already");

    // Disconnecting the store takes its refreshes (and their copies of the article) with it.
    expect((await member.agent.delete("/api/shopify/connection")).status).toBe(200);
    expect((await member.agent.get(`/api/refreshes/${refresh.id}`)).status).toBe(404);
  });

  it("refuses bad input with its message, and an unknown refresh with 404", async () => {
    const agent = t.agent();
    await t.signUpAndLogin(agent);
    const bad = await agent.post("/api/refreshes").send({ sitePostId: "one" });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain("sitePostId");
    expect((await agent.post("/api/refreshes").send({ sitePostId: 999_999 })).status).toBe(404);
    expect((await agent.get("/api/refreshes/999999")).status).toBe(404);
    expect((await agent.get("/api/refreshes/abc")).status).toBe(404);
  });
});
