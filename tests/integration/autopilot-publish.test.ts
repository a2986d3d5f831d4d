// The autopilot's posts reach the plan's own target: an automatic plan prepares a post (a model on the local
// OpenAI-compatible fake; a draft of the offline writer would wait for approval instead), schedules it
// in its slot, and the real scheduler publishes it at that time through the plan's connection, not the owner's
// newer "current" one: to a real WordPress, and to the chosen blog of a store on the fake Shopify (every query
// checked against Shopify's published schema). Each slot gives one post on the site, once.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createWriter, type Writer } from "../../core/src/ai/index.ts";
import { addPlanItems, createAutopilot, createContentPlan } from "../../core/src/autopilot/index.ts";
import { createPublishingDeps, type ConnectionDeps } from "../../core/src/connections/index.ts";
import { ShopifyCostPacer } from "../../core/src/publishing/shopify/index.ts";
import { createScheduler } from "../../core/src/scheduling/index.ts";
import { createSafeFetch, encryptSecret, type SafeFetch } from "../../core/src/security/index.ts";
import { createTestDatabase, type TestDatabase } from "../../core/src/testing/index.ts";
import { startFakeOpenAI, type FakeOpenAI } from "../fakes/openai/server.ts";
import { startFakeShopify, type FakeShopify } from "../fakes/shopify/index.ts";
import { startWordPress, type WordPressSite } from "../support/wordpress/start-wordpress.ts";

const SHOP = "plan-store.myshopify.com";
const encryptionKey = Buffer.alloc(32, 5);
let db: TestDatabase;
let wordpress: WordPressSite;
let shopify: FakeShopify;
let safeFetch: SafeFetch;
let connections: ConnectionDeps;
let openai: FakeOpenAI;
let model: Writer;

beforeAll(async () => {
  [wordpress, shopify, db, openai] = await Promise.all([
    startWordPress({}),
    startFakeShopify({
      shops: [{ domain: SHOP, accessToken: "shpat_plan", blogs: [{ title: "News" }, { title: "Guides" }] }],
    }),
    createTestDatabase({ maxConnections: 10 }),
    startFakeOpenAI(),
  ]);
  model = createWriter({ openai: { apiKey: "test", baseUrl: openai.url, model: "fake-model" } });
  safeFetch = createSafeFetch({ allowPrivateNetworkTargets: true, timeoutMs: 15_000 });
  connections = {
    prisma: db.prisma,
    encryptionKey,
    fetch: safeFetch,
    allowPrivateNetworkTargets: true,
    loadImage: async () => null,
    shopifyApiBaseUrl: shopify.apiBaseUrlTemplate,
    shopifyPacer: new ShopifyCostPacer(),
  };
}, 600_000);
afterAll(async () => {
  await safeFetch?.close();
  await db?.close();
  await shopify?.close();
  await openai?.close();
  await wordpress?.stop();
});

async function owner(email: string) {
  return db.prisma.user.create({
    data: { email, password: "x", subscriptionPlan: "professional", subscriptionStatus: "active" },
  });
}

/** An automatic plan with one title, and the time of its first slot (a Monday, within a day of `now`). */
async function automaticPlan(
  userId: number,
  target: { platform: "wordpress" | "shopify"; connectionId: number; blogId?: string },
  title: string,
) {
  const plan = await createContentPlan({ prisma: db.prisma }, userId, {
    name: "Weekly",
    ...target,
    cadence: { weekdays: [1, 2, 3, 4, 5, 6, 7], time: "09:00", timeZone: "UTC" },
    postsAhead: 1,
    mode: "auto",
  });
  await addPlanItems({ prisma: db.prisma }, userId, plan.id, [{ title, keywords: ["linen care"] }]);
  return plan;
}

/** Runs what every instance runs: an autopilot round at `now`, then the scheduler an hour after the slot. */
async function prepareAndPublish(userId: number, now: Date) {
  const outcomes = (await createAutopilot({ db, writer: model, instanceId: "plan-test" }).runOnce(now)).outcomes;
  expect(outcomes).toEqual(["scheduled"]);
  const publication = await db.prisma.postPublication.findFirstOrThrow({ where: { userId } });
  const scheduler = createScheduler({
    ...createPublishingDeps(connections, db),
    instanceId: "plan-test",
    now: () => new Date(publication.dueAt!.getTime() + 60 * 60_000),
  });
  const result = await scheduler.runUntilIdle();
  expect(result.published).toBe(1);
  return db.prisma.postPublication.findUniqueOrThrow({ where: { id: publication.id } });
}

// 2026-11-29 10:00 UTC: the next 09:00 slot is the next morning, within a day, so a round prepares it at once.
const now = new Date("2026-11-29T10:00:00Z");

describe("the autopilot's posts reach the plan's own site", () => {
  it("publishes to the real WordPress of the plan, though the owner connected another site since", async () => {
    const user = await owner("wp-plan@example.com");
    const site = await db.prisma.wordpressConnection.create({
      data: {
        userId: user.id,
        siteName: "Linen Journal",
        siteUrl: wordpress.url,
        username: wordpress.adminUser,
        applicationPassword: encryptSecret(wordpress.applicationPassword, encryptionKey),
        createdAt: new Date("2026-01-01T00:00:00Z"),
      },
    });
    // The owner's newer connection (the current one), which nothing of this plan may reach.
    await db.prisma.wordpressConnection.create({
      data: {
        userId: user.id,
        siteName: "Other Site",
        siteUrl: "http://127.0.0.1:9",
        username: "other",
        applicationPassword: encryptSecret("abcd efgh ijkl mnop qrst uvwx", encryptionKey),
      },
    });
    await automaticPlan(user.id, { platform: "wordpress", connectionId: site.id }, "Caring for Linen Sheets");

    const publication = await prepareAndPublish(user.id, now);
    expect(publication).toMatchObject({ status: "published", connectionId: site.id });
    const answer = await wordpress.rest(`wp/v2/posts?search=${encodeURIComponent("Linen Sheets")}&status=publish`);
    const posts = (await answer.json()) as Array<{ id: number; link: string }>;
    expect(posts).toHaveLength(1);
    expect(String(posts[0]!.id)).toBe(publication.remoteId);
  });

  it("publishes to the blog the plan chose on the fake Shopify, not the connection's own", async () => {
    const user = await owner("shop-plan@example.com");
    const [news, guides] = shopify.shop(SHOP).blogs;
    const store = await db.prisma.shopifyConnection.create({
      data: {
        userId: user.id,
        storeName: "Plan Store",
        storeUrl: SHOP,
        apiKey: "",
        password: encryptSecret("shpat_plan", encryptionKey),
        blogId: news!.id,
      },
    });
    await automaticPlan(
      user.id,
      { platform: "shopify", connectionId: store.id, blogId: guides!.id },
      "Folding Linen Napkins",
    );

    const publication = await prepareAndPublish(user.id, now);
    expect(publication).toMatchObject({ status: "published", connectionId: store.id, blogId: guides!.id });
    const articles = shopify.shop(SHOP).articles.filter((a) => a.title.includes("Linen Napkins"));
    expect(articles.map((a) => a.blogId)).toEqual([guides!.id]);
  });

  it("fails the publication with what to do when the plan's connection was removed", async () => {
    const user = await owner("gone-plan@example.com");
    const site = await db.prisma.wordpressConnection.create({
      data: {
        userId: user.id,
        siteName: "Gone",
        siteUrl: wordpress.url,
        username: wordpress.adminUser,
        applicationPassword: encryptSecret(wordpress.applicationPassword, encryptionKey),
      },
    });
    await automaticPlan(user.id, { platform: "wordpress", connectionId: site.id }, "Ironing Linen Shirts");
    await createAutopilot({ db, writer: model, instanceId: "plan-test" }).runOnce(now);
    const pending = await db.prisma.postPublication.findFirstOrThrow({ where: { userId: user.id } });
    // Another connection stays, so the account still "has WordPress": the plan's own is what is gone.
    await db.prisma.wordpressConnection.create({
      data: {
        userId: user.id,
        siteName: "Newer",
        siteUrl: "http://127.0.0.1:9",
        username: "n",
        applicationPassword: encryptSecret("abcd efgh ijkl mnop qrst uvwx", encryptionKey),
      },
    });
    await db.prisma.wordpressConnection.delete({ where: { id: site.id } });
    const scheduler = createScheduler({
      ...createPublishingDeps(connections, db),
      instanceId: "plan-test",
      now: () => new Date(pending.dueAt!.getTime() + 60_000),
    });
    expect((await scheduler.runUntilIdle()).failed).toBe(1);
    const failed = await db.prisma.postPublication.findUniqueOrThrow({ where: { id: pending.id } });
    expect(failed.status).toBe("failed");
    expect(failed.lastError).toContain("this post's content plan publishes to is no longer connected");
  });
});
