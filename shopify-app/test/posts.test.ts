// A merchant's whole job through the app's routes, signed in with a session token: install, write a post, publish it
// (the article appears once in the fake store, which checks every query against Shopify's 2026-10 schema), edit and
// republish (the same article updated), schedule and cancel.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_SHOP } from "@shopify/shopify-api/test-helpers";
import { startFakeShopify, type FakeShopify } from "../../tests/fakes/shopify/index.ts";
import { saveSiteVoice } from "@postwright/core/voice";
import { callRoute, startAppHarness, type AppHarness } from "./app-harness";

let fake: FakeShopify;
let harness: AppHarness;
beforeAll(async () => {
  fake = await startFakeShopify({
    shops: [
      {
        domain: TEST_SHOP,
        name: "Test Shop",
        ianaTimezone: "America/New_York",
        primaryDomainUrl: "https://candles.example",
        blogs: [{ title: "Journal", handle: "journal" }],
      },
    ],
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
    expect((page.post as { voiceMatch?: unknown }).voiceMatch).toBeUndefined();

    // Once the store has a voice, the post page answers how close the post reads to it.
    const store = await harness.db.prisma.shopifyConnection.findFirstOrThrow({ where: { userId: user.id } });
    await saveSiteVoice(
      { prisma: harness.db.prisma },
      { userId: user.id, platform: "shopify", connectionId: store.id, preset: "friendly-expert" },
    );
    const voiced = (await callRoute(edit.loader, `/app/posts/${post!.id}`, undefined, params)) as {
      post: { voiceMatch: { match: number } | null };
    };
    expect(voiced.post.voiceMatch?.match).toEqual(expect.any(Number));
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

describe("the post page's editor and search engine listing", () => {
  it("saves the rich text sanitised, and the SEO title, URL handle and keyphrase with their checks", async () => {
    const write = await import("../app/routes/app.write");
    await callRoute(write.action, "/app/write", {
      title: "Lighting a soy candle the first time",
      keywords: "soy candle",
      companyName: "Test Shop",
      seoInstructions: "",
    });
    const user = await harness.db.prisma.user.findUniqueOrThrow({ where: { shopDomain: TEST_SHOP } });
    const post = await harness.db.prisma.blogPost.findFirstOrThrow({
      where: { userId: user.id },
      orderBy: { id: "desc" },
    });
    const edit = await import("../app/routes/app.posts.$id");
    const params = { id: String(post.id) };
    const path = `/app/posts/${post.id}`;
    type PageData = {
      storefrontUrl: string;
      blogs: Array<{ title: string; handle: string }>;
      post: {
        htmlContent: string;
        seoTitle: string;
        slug: string;
        focusKeyphrase: string;
        seoChecks: Array<{ id: string; status: string }>;
      };
    };
    const load = async () => (await callRoute(edit.loader, path, undefined, params)) as PageData;

    // The search preview is at the store's own address, under the blog's handle.
    const page = await load();
    expect(page.storefrontUrl).toBe("https://candles.example");
    expect(page.blogs).toEqual([expect.objectContaining({ title: "Journal", handle: "journal" })]);

    // The editor's HTML is cleaned by the core as it is saved: formatting stays, scripts and handlers do not.
    const saved = await callRoute(
      edit.action,
      path,
      {
        intent: "save",
        htmlContent:
          '<h2>First burn</h2><p>Let the <strong>whole top</strong> melt.<img src="x" onerror="alert(1)"></p><script>alert(2)</script>',
      },
      params,
    );
    expect(saved).toEqual({ message: "Post saved" });
    const body = (await load()).post.htmlContent;
    expect(body).toContain("<h2>First burn</h2>");
    expect(body).toContain("<strong>whole top</strong>");
    expect(body).not.toMatch(/<script|onerror|alert/);

    // The SEO fields: stored as typed, the checks run again on them; the body is left alone when not sent.
    expect(
      await callRoute(
        edit.action,
        path,
        {
          intent: "save",
          seoTitle: "Soy candle first burn: the one rule",
          slug: "wax-melting-basics",
          focusKeyphrase: "soy candle",
          metaDescription: "Let a soy candle melt to the edge on its first burn.",
        },
        params,
      ),
    ).toEqual({ message: "Post saved" });
    let now = (await load()).post;
    expect(now).toMatchObject({ seoTitle: "Soy candle first burn: the one rule", slug: "wax-melting-basics" });
    expect(now.htmlContent).toBe(body);
    expect(now.seoChecks.find((c) => c.id === "keyphrase-in-slug")?.status).not.toBe("pass");
    await callRoute(edit.action, path, { intent: "save", slug: "soy-candle-first-burn" }, params);
    now = (await load()).post;
    expect(now.seoChecks.find((c) => c.id === "keyphrase-in-slug")?.status).toBe("pass");

    // A handle that is not one is refused with what to type, and nothing changes.
    const refused = (await callRoute(edit.action, path, { intent: "save", slug: "Soy Candle!" }, params)) as {
      data: { message: string };
      init: { status: number };
    };
    expect(refused.init.status).toBe(400);
    expect(refused.data.message).toBe("Use only lower-case letters, digits and single hyphens in the slug");
    expect((await load()).post.slug).toBe("soy-candle-first-burn");

    // Once published, a new handle needs the merchant's confirmation; then the article moves to it.
    expect(await callRoute(edit.action, path, { intent: "publish" }, params)).toEqual({ message: "Post published" });
    const unconfirmed = (await callRoute(edit.action, path, { intent: "save", slug: "first-burn" }, params)) as {
      data: { message: string };
      init: { status: number };
    };
    expect(unconfirmed.init.status).toBe(409);
    expect(unconfirmed.data.message).toContain("Confirm the URL change");
    expect(
      await callRoute(edit.action, path, { intent: "save", slug: "first-burn", confirmSlugChange: "on" }, params),
    ).toEqual({ message: "Post saved" });
    await callRoute(edit.action, path, { intent: "publish" }, params);
    const article = fake.shop(TEST_SHOP).articles.find((a) => a.title === post.title);
    expect(article?.handle).toBe("first-burn");
  });
});
