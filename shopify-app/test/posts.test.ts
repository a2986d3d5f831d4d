// A merchant's whole job through the app's routes, signed in with a session token: install, write a post, publish it
// (the article appears once in the fake store, which checks every query against Shopify's 2026-10 schema), edit and
// republish (the same article updated), schedule and cancel.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_SHOP } from "@shopify/shopify-api/test-helpers";
import { startFakeShopify, type FakeShopify } from "../../tests/fakes/shopify/index.ts";
import { callRoute, startAppHarness, type AppHarness } from "./app-harness";

let fake: FakeShopify;
let harness: AppHarness;
beforeAll(async () => {
  fake = await startFakeShopify({
    shops: [{ domain: TEST_SHOP, name: "Test Shop", ianaTimezone: "America/New_York" }],
  });
  harness = await startAppHarness({ fake });
});
afterAll(async () => {
  await harness.close();
  await fake.close();
});

describe("writing and publishing from Shopify admin", () => {
  it("writes, publishes once, republishes the same article, schedules and cancels", async () => {
    const home = await import("../app/routes/app._index");
    await callRoute(home.loader, "/app"); // the first request installs the app
    const write = await import("../app/routes/app.write");
    await callRoute(write.action, "/app/write", {
      title: "How to choose a scented candle",
      keywords: "scented candles, soy wax",
      companyName: "Test Shop",
      seoInstructions: "",
    });
    const user = await harness.db.prisma.user.findUniqueOrThrow({ where: { shopDomain: TEST_SHOP } });
    const [post] = await harness.db.prisma.blogPost.findMany({ where: { userId: user.id } });
    expect(post?.title).toBeTruthy();
    expect(post!.seoScore).toBeGreaterThan(0);

    const edit = await import("../app/routes/app.posts.$id");
    const params = { id: String(post!.id) };
    const published = await callRoute(edit.action, `/app/posts/${post!.id}`, { intent: "publish" }, params);
    expect(published).toEqual({ message: "Post published" });
    const articles = () => fake.shop(TEST_SHOP).articles;
    expect(articles()).toHaveLength(1);
    const articleId = articles()[0]!.id;

    await callRoute(
      edit.action,
      `/app/posts/${post!.id}`,
      { intent: "save", htmlContent: "<p>Soy wax burns cleaner.</p>" },
      params,
    );
    expect(await callRoute(edit.action, `/app/posts/${post!.id}`, { intent: "publish" }, params)).toEqual({
      message: "Post published",
    });
    expect(articles()).toHaveLength(1);
    expect(articles()[0]!.id).toBe(articleId);
    expect(articles()[0]!.body).toContain("Soy wax burns cleaner.");
    expect(
      fake.requests.some(
        (r) => r.operationName?.toLowerCase().includes("articleupdate") || r.query?.includes("articleUpdate"),
      ),
    ).toBe(true);

    // Scheduling needs a paid plan: the free plan is told so.
    const refused = await callRoute(
      edit.action,
      `/app/posts/${post!.id}`,
      { intent: "schedule", scheduledTime: `${new Date().getFullYear() + 1}-01-15T09:00` },
      params,
    );
    expect(refused).toMatchObject({ init: { status: 403 } });
    await harness.db.prisma.user.update({
      where: { id: user.id },
      data: { subscriptionPlan: "starter", subscriptionStatus: "active" },
    });
    // The time is the store's wall-clock (America/New_York here), after the US change to summer time.
    const year = new Date().getFullYear() + 1;
    const scheduled = await callRoute(
      edit.action,
      `/app/posts/${post!.id}`,
      { intent: "schedule", scheduledTime: `${year}-03-16T09:30` },
      params,
    );
    expect(scheduled).toEqual({ message: "Post scheduled" });
    const pending = await harness.db.prisma.postPublication.findFirst({
      where: { postId: post!.id, status: "pending" },
    });
    expect(pending?.dueAt?.toISOString()).toBe(`${year}-03-16T13:30:00.000Z`);
    // The page shows it back as the store's wall-clock.
    const page = (await callRoute(edit.loader, `/app/posts/${post!.id}`, undefined, params)) as {
      timeZone: string;
      post: { scheduledPublishDate: string };
    };
    expect(page.timeZone).toBe("America/New_York");
    expect(page.post.scheduledPublishDate).toBe(`${year}-03-16T13:30:00.000Z`);
    const notATime = await callRoute(
      edit.action,
      `/app/posts/${post!.id}`,
      { intent: "schedule", scheduledTime: `${year}-02-30T09:30` },
      params,
    );
    expect(notATime).toMatchObject({ init: { status: 400 } });
    expect(await callRoute(edit.action, `/app/posts/${post!.id}`, { intent: "cancel" }, params)).toEqual({
      message: "Schedule cancelled",
    });
    expect(
      await harness.db.prisma.postPublication.findFirst({ where: { postId: post!.id, status: "pending" } }),
    ).toBeNull();
  });
});

describe("the write page's own links and focus keyphrase", () => {
  it("writes the post around the chosen keyphrase, links the merchant's pages first, and refuses a bad address", async () => {
    const write = await import("../app/routes/app.write");
    const form = new URLSearchParams({
      title: "Caring for beeswax candles",
      keywords: "beeswax candles, candle care",
      focusKeyphrase: "beeswax candle care",
      companyName: "Test Shop",
      seoInstructions: "",
    });
    form.append("linkUrl", "https://en.wikipedia.org/wiki/Beeswax");
    form.append("linkDescription", "what beeswax is");
    // A row left empty is not sent as a link.
    form.append("linkUrl", "");
    form.append("linkDescription", "");
    const written = await callRoute(write.action, "/app/write", form);
    expect((written as Response).status).toBe(302);
    const user = await harness.db.prisma.user.findUniqueOrThrow({ where: { shopDomain: TEST_SHOP } });
    const post = await harness.db.prisma.blogPost.findFirstOrThrow({
      where: { userId: user.id },
      orderBy: { id: "desc" },
    });
    expect(post.focusKeyphrase).toBe("beeswax candle care");
    expect(post.slug).toContain("beeswax-candle-care");
    expect((post.links as Array<{ url: string }>)[0]).toEqual({
      url: "https://en.wikipedia.org/wiki/Beeswax",
      description: "what beeswax is",
    });
    expect(post.htmlContent).toContain('href="https://en.wikipedia.org/wiki/Beeswax"');

    const bad = new URLSearchParams(form);
    bad.set("linkUrl", "wikipedia beeswax");
    const refused = (await callRoute(write.action, "/app/write", bad)) as {
      data: { message: string };
      init: { status: number };
    };
    expect(refused.init.status).toBe(400);
    expect(refused.data.message).toBe("Each link must be a full http(s) address");
  });
});

describe("the merchant's own title", () => {
  it("is stored and published as typed, even without the keyphrase; the keyphrase goes into the SEO title", async () => {
    const write = await import("../app/routes/app.write");
    const title = "Why our grinders outlast the rest";
    await callRoute(write.action, "/app/write", {
      title,
      keywords: "burr grinder",
      companyName: "Test Shop",
      seoInstructions: "",
    });
    const user = await harness.db.prisma.user.findUniqueOrThrow({ where: { shopDomain: TEST_SHOP } });
    const post = await harness.db.prisma.blogPost.findFirstOrThrow({
      where: { userId: user.id },
      orderBy: { id: "desc" },
    });
    expect(post.title).toBe(title);
    expect(post.seoTitle?.toLowerCase()).toContain("burr grinder");

    const edit = await import("../app/routes/app.posts.$id");
    const published = await callRoute(
      edit.action,
      `/app/posts/${post.id}`,
      { intent: "publish" },
      { id: String(post.id) },
    );
    expect(published).toEqual({ message: "Post published" });
    const article = fake.shop(TEST_SHOP).articles.find((a) => a.title === title);
    expect(article).toBeDefined();
    expect(article!.metafields.find((m) => m.key === "title_tag")?.value).toBe(post.seoTitle);
  });
});
