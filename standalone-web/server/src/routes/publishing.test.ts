// Publishing, scheduling and cancelling through the API, against the fake Shopify (which checks every query against
// Shopify's real schema and enforces its rate limits), and the app's scheduler publishing what is due.
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BlogPostView } from "@postwright/core/contracts";
import { saveImage } from "@postwright/core/uploads";
import { onePixelPng, startFakeShopify, type FakeShopify } from "../../../../tests/fakes/shopify/index.ts";
import { createAppScheduler, startBackgroundWork } from "../background.ts";
import { createTestApp, type TestAgent, type TestApp } from "../testing/index.ts";

const SHOP = "coffee-store.myshopify.com";
const TOKEN = "shpat_coffee_secret";
const minute = 60_000;

let fake: FakeShopify;
let app: TestApp;

beforeAll(async () => {
  fake = await startFakeShopify({
    shops: [
      {
        domain: SHOP,
        accessToken: TOKEN,
        name: "Coffee Store",
        blogs: [{ title: "News", handle: "news" }],
        primaryDomainUrl: "https://coffee.example",
      },
    ],
    fileProcessingReads: 0,
  });
  app = await createTestApp({ env: { ALLOW_PRIVATE_NETWORK_TARGETS: "1" } });
  app.ctx.shopifyApiBaseUrl = fake.apiBaseUrlTemplate;
});
afterAll(async () => {
  await app?.close();
  await fake?.close();
});

interface Writer {
  agent: TestAgent;
  userId: number;
}

async function writer(plan: "free" | "starter" = "starter", connected = true): Promise<Writer> {
  const agent = app.agent();
  const { user } = await app.signUpAndLogin(agent, { firstName: "Ada", lastName: "Brewer" });
  await app.db.prisma.user.update({
    where: { id: user.id },
    data: { subscriptionPlan: plan, subscriptionStatus: plan === "free" ? "free" : "active" },
  });
  if (connected) {
    const res = await agent.post("/api/shopify/connection").send({
      storeName: "Coffee Store",
      storeUrl: SHOP,
      accessToken: TOKEN,
      blogId: fake.shop(SHOP).blogs[0]!.id,
    });
    expect(res.status).toBe(200);
  }
  return { agent, userId: user.id };
}

async function createPost(userId: number, title = "Cold Brew at Home", images: unknown[] = []): Promise<number> {
  const post = await app.db.prisma.blogPost.create({
    data: {
      userId,
      title,
      content: "Steep coarse grounds overnight.",
      htmlContent: "<h2>Steep</h2><p>Steep coarse grounds overnight.</p>",
      metaDescription: "How to make cold brew coffee at home.",
      keywords: ["cold brew", "coffee"],
      images: images as never,
    },
  });
  return post.id;
}

const articlesTitled = (title: string) => fake.shop(SHOP).articles.filter((a) => a.title === title);
const publishedCount = async (userId: number) =>
  (await app.db.prisma.userUsage.findFirst({ where: { userId } }))?.blogPostsPublished ?? 0;
const inFuture = (ms: number) => new Date(Date.now() + ms).toISOString();

describe("POST /api/blog-posts/:id/publish/shopify", () => {
  it("publishes the post as an article of the chosen blog and returns it as published", async () => {
    const { agent, userId } = await writer("free");
    const image = await saveImage(app.config.uploadDir, onePixelPng(120, 80, 40));
    const postId = await createPost(userId, "Cold Brew at Home", [{ url: image.url, altText: "A glass of cold brew" }]);

    const res = await agent.post(`/api/blog-posts/${postId}/publish/shopify`);
    expect(res.status).toBe(200);
    const blogPost = res.body.blogPost as BlogPostView;
    expect(blogPost).toMatchObject({ id: postId, status: "published", lastError: null, isScheduled: false });
    const [article, ...others] = articlesTitled("Cold Brew at Home");
    expect(others).toEqual([]);
    expect(article).toMatchObject({
      isPublished: true,
      author: "Ada Brewer",
      tags: ["cold brew", "coffee"],
      summary: "How to make cold brew coffee at home.",
      handle: `cold-brew-at-home-pw${postId}`,
    });
    expect(article!.image?.altText).toBe("A glass of cold brew");
    expect(article!.image?.data.equals(onePixelPng(120, 80, 40))).toBe(true);
    expect(blogPost.shopifyArticleId).toBe(article!.id);
    expect(blogPost.publications).toEqual([
      expect.objectContaining({
        platform: "shopify",
        status: "published",
        remoteUrl: `https://coffee.example/blogs/news/cold-brew-at-home-pw${postId}`,
      }),
    ]);
    expect(await publishedCount(userId)).toBe(1);
  });

  it("republishes into the same article, with the edited content, without a duplicate", async () => {
    const { agent, userId } = await writer();
    const postId = await createPost(userId, "French Press Basics");
    expect((await agent.post(`/api/blog-posts/${postId}/publish/shopify`)).status).toBe(200);
    const edit = await agent
      .patch(`/api/blog-posts/${postId}`)
      .send({ htmlContent: "<p>Four minutes, then press.</p>" });
    expect(edit.status).toBe(200);

    const again = await agent.post(`/api/blog-posts/${postId}/publish/shopify`);
    expect(again.status).toBe(200);
    expect(again.body.blogPost.status).toBe("published");
    const articles = articlesTitled("French Press Basics");
    expect(articles).toHaveLength(1);
    expect(articles[0]!.body).toContain("Four minutes, then press.");
    // A republication updates the article; the month's count of published posts does not grow.
    expect(await publishedCount(userId)).toBe(1);
  });

  it("asks to connect a store first and leaves the post as it was", async () => {
    const { agent, userId } = await writer("free", false);
    const postId = await createPost(userId, "Unconnected Post");
    const res = await agent.post(`/api/blog-posts/${postId}/publish/shopify`);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: "Connect your Shopify store first." });
    const post = await app.db.prisma.blogPost.findUniqueOrThrow({ where: { id: postId } });
    expect(post).toMatchObject({ status: "draft", lastError: null });
    expect(articlesTitled("Unconnected Post")).toEqual([]);
  });

  it("fails with Shopify's reason (502) and shows the post as failed with that reason", async () => {
    const { agent, userId } = await writer();
    const postId = await createPost(userId, "Revoked Token Post");
    fake.shop(SHOP).accessToken = "shpat_rotated";
    let res;
    try {
      res = await agent.post(`/api/blog-posts/${postId}/publish/shopify`);
    } finally {
      fake.shop(SHOP).accessToken = TOKEN;
    }
    expect(res.status).toBe(502);
    expect(res.body.message).toMatch(/^Shopify publishing failed: Shopify rejected the access token/);
    const view = (await agent.get(`/api/blog-posts/${postId}`)).body as BlogPostView;
    expect(view.status).toBe("failed");
    expect(view.lastError).toMatch(/^Shopify: Shopify rejected the access token/);

    // Publishing again once the token works clears the failure.
    const retry = await agent.post(`/api/blog-posts/${postId}/publish/shopify`);
    expect(retry.status).toBe(200);
    expect(retry.body.blogPost).toMatchObject({ status: "published", lastError: null });
  });

  it("does not publish another user's post", async () => {
    const owner = await writer();
    const stranger = await writer();
    const postId = await createPost(owner.userId, "Private Post");
    const res = await stranger.agent.post(`/api/blog-posts/${postId}/publish/shopify`);
    expect(res.status).toBe(404);
    expect(articlesTitled("Private Post")).toEqual([]);
    expect((await app.agent().post(`/api/blog-posts/${postId}/publish/shopify`)).status).toBe(401);
  });
});

describe("POST /api/blog-posts/:id/schedule", () => {
  it("is refused on the free plan with a message that says which plan has it", async () => {
    const { agent, userId } = await writer("free");
    const postId = await createPost(userId);
    const res = await agent
      .post(`/api/blog-posts/${postId}/schedule`)
      .send({ scheduledDate: inFuture(60 * minute), platforms: ["shopify"] });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe("Scheduling is available on the Starter plan and above. Upgrade to schedule posts.");
    expect((await app.db.prisma.blogPost.findUniqueOrThrow({ where: { id: postId } })).status).toBe("draft");
  });

  it("schedules on the starter plan: the post shows as scheduled for that time and platform", async () => {
    const { agent, userId } = await writer("starter");
    const postId = await createPost(userId);
    const when = inFuture(60 * minute);
    const res = await agent
      .post(`/api/blog-posts/${postId}/schedule`)
      .send({ scheduledDate: when, platforms: ["shopify"] });
    expect(res.status).toBe(200);
    expect(res.body.blogPost).toMatchObject({
      id: postId,
      status: "scheduled",
      isScheduled: true,
      scheduledPublishDate: when,
      scheduledPlatforms: ["shopify"],
    });
    const scheduled = await agent.get("/api/blog-posts/scheduled");
    expect(JSON.stringify(scheduled.body)).toContain(`"id":${postId}`);
  });

  it("refuses a time in the past, a bad date, no platform, and a platform that is not connected", async () => {
    const { agent, userId } = await writer("starter");
    const postId = await createPost(userId);
    const schedule = (body: object) => agent.post(`/api/blog-posts/${postId}/schedule`).send(body);

    const past = await schedule({ scheduledDate: inFuture(-minute), platforms: ["shopify"] });
    expect(past.status).toBe(400);
    expect(past.body.message).toBe("Choose a time in the future.");
    const garbled = await schedule({ scheduledDate: "tomorrow at nine", platforms: ["shopify"] });
    expect(garbled.status).toBe(400);
    expect(garbled.body.message).toBe("Choose a valid date and time");
    const none = await schedule({ scheduledDate: inFuture(minute * 5), platforms: [] });
    expect(none.status).toBe(400);
    expect(none.body.message).toBe("Choose at least one platform");
    const wordpress = await schedule({ scheduledDate: inFuture(minute * 5), platforms: ["shopify", "wordpress"] });
    expect(wordpress.status).toBe(400);
    expect(wordpress.body.message).toBe("Connect your WordPress site first.");
    expect((await app.db.prisma.blogPost.findUniqueOrThrow({ where: { id: postId } })).status).toBe("draft");
  });

  it("cancels: the post is a draft again and nothing goes out at the scheduled time", async () => {
    const { agent, userId } = await writer("starter");
    const postId = await createPost(userId, "Cancelled Post");
    await agent
      .post(`/api/blog-posts/${postId}/schedule`)
      .send({ scheduledDate: inFuture(minute), platforms: ["shopify"] });

    const res = await agent.delete(`/api/blog-posts/${postId}/schedule`);
    expect(res.status).toBe(200);
    expect(res.body.blogPost).toMatchObject({
      status: "draft",
      isScheduled: false,
      scheduledPublishDate: null,
      scheduledPlatforms: [],
    });
    const later = createAppScheduler(app.ctx, { now: () => new Date(Date.now() + 5 * minute) });
    await later.runUntilIdle();
    expect(articlesTitled("Cancelled Post")).toEqual([]);
  });
});

describe("the app's scheduler", () => {
  it("publishes a due post through the user's connection and counts it once", async () => {
    const { agent, userId } = await writer("starter");
    const postId = await createPost(userId, "Scheduled Espresso Guide");
    await agent
      .post(`/api/blog-posts/${postId}/schedule`)
      .send({ scheduledDate: inFuture(10 * minute), platforms: ["shopify"] });

    const early = await createAppScheduler(app.ctx).tick();
    expect(early.claimed).toBe(0);
    const due = createAppScheduler(app.ctx, { now: () => new Date(Date.now() + 11 * minute) });
    const result = await due.tick();
    expect(result).toMatchObject({ claimed: 1, published: 1 });
    expect(articlesTitled("Scheduled Espresso Guide")).toHaveLength(1);
    const post = await app.db.prisma.blogPost.findUniqueOrThrow({ where: { id: postId } });
    expect(post).toMatchObject({ status: "published", isScheduled: false, lastError: null });
    expect(await publishedCount(userId)).toBe(1);
  });

  it("marks a scheduled post failed with the reason when its store was disconnected", async () => {
    const { agent, userId } = await writer("starter");
    const postId = await createPost(userId, "Orphaned Schedule");
    await agent
      .post(`/api/blog-posts/${postId}/schedule`)
      .send({ scheduledDate: inFuture(10 * minute), platforms: ["shopify"] });
    await agent.delete("/api/shopify/connection");

    await createAppScheduler(app.ctx, { now: () => new Date(Date.now() + 11 * minute) }).tick();
    expect((await agent.get(`/api/blog-posts/${postId}`)).body).toMatchObject({
      status: "failed",
      lastError: "Shopify: Connect your Shopify store first.",
    });
  });

  it("runs with the app's background work and publishes a post once it is due", async () => {
    const { agent, userId } = await writer("starter");
    const postId = await createPost(userId, "Background Publication");
    const due = new Date(Date.now() + 1_500);
    await agent
      .post(`/api/blog-posts/${postId}/schedule`)
      .send({ scheduledDate: due.toISOString(), platforms: ["shopify"] });
    await sleep(due.getTime() - Date.now() + 50);

    const background = await startBackgroundWork(app.ctx);
    try {
      for (let i = 0; i < 100; i++) {
        const { status } = await app.db.prisma.blogPost.findUniqueOrThrow({ where: { id: postId } });
        if (status === "published") break;
        await sleep(100);
      }
    } finally {
      await background.stop();
    }
    expect((await app.db.prisma.blogPost.findUniqueOrThrow({ where: { id: postId } })).status).toBe("published");
    expect(articlesTitled("Background Publication")).toHaveLength(1);
  });
});

describe("the requests to Shopify", () => {
  it("were all queries Shopify's schema accepts", () => {
    const graphql = fake.requests.filter((r) => r.kind === "graphql");
    expect(graphql.length).toBeGreaterThan(0);
    expect(graphql.filter((r) => r.status === 200 && r.errors !== null)).toEqual([]);
  });
});
