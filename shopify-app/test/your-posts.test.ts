// "Your posts" in Shopify admin: the store's analysed articles, most worth improving first, page by page; waiting
// for the analysis right after the install.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_SHOP } from "@shopify/shopify-api/test-helpers";
import type { SitePostsPage } from "@postwright/core/contracts";
import { analyzeSitePosts, saveSitePosts, type RemoteSitePost } from "@postwright/core/site-posts";
import { startFakeShopify, type FakeShopify } from "../../tests/fakes/shopify/index.ts";
import { callRoute, startAppHarness, type AppHarness } from "./app-harness";

let fake: FakeShopify;
let harness: AppHarness;
beforeAll(async () => {
  fake = await startFakeShopify({ shops: [{ domain: TEST_SHOP, name: "Test Shop" }] });
  harness = await startAppHarness({ fake });
});
afterAll(async () => {
  await harness.close();
  await fake.close();
});

describe("Your posts in Shopify admin", () => {
  it("waits for the analysis after the install, then lists the store's articles by opportunity, 25 a page", async () => {
    const home = await import("../app/routes/app._index");
    await callRoute(home.loader, "/app"); // the first request installs the app
    const yourPosts = await import("../app/routes/app.your-posts");
    const before = (await callRoute(yourPosts.loader, "/app/your-posts")) as SitePostsPage;
    expect(before.site).toMatchObject({ platform: "shopify", state: "queued" });
    expect(before.posts).toEqual([]);

    const user = await harness.db.prisma.user.findUniqueOrThrow({ where: { shopDomain: TEST_SHOP } });
    const connection = await harness.db.prisma.shopifyConnection.findFirstOrThrow({ where: { userId: user.id } });
    const now = new Date();
    const articles: RemoteSitePost[] = Array.from({ length: 30 }, (_, i) => ({
      remoteId: `gid://shopify/Article/${i + 1}`,
      url: `https://candles.example/blogs/journal/article-${i + 1}`,
      title: `Candle care ${i + 1}`,
      slug: `article-${i + 1}`,
      html: `<p>${"Trim the wick before you light it. ".repeat(i * 10 + 1)}</p>`,
      seoTitle: null,
      metaDescription: "",
      keyphrase: null,
      keyphraseSource: null,
      publishedAt: now,
      modifiedAt: null,
    }));
    await saveSitePosts(harness.db.prisma, {
      userId: user.id,
      platform: "shopify",
      connectionId: connection.id,
      posts: analyzeSitePosts(articles, { siteUrl: "https://candles.example", otherPages: [], now }),
      now,
    });
    const first = (await callRoute(yourPosts.loader, "/app/your-posts")) as SitePostsPage;
    expect(first).toMatchObject({ page: 1, pageSize: 25, total: 30 });
    expect(first.posts).toHaveLength(25);
    const second = (await callRoute(yourPosts.loader, "/app/your-posts?page=2")) as SitePostsPage;
    expect(second.posts).toHaveLength(5);
    const opportunities = [...first.posts, ...second.posts].map((p) => p.opportunity);
    expect(opportunities).toEqual([...opportunities].sort((a, b) => b - a));
    expect(first.posts[0]!.failingChecks.length).toBeGreaterThan(0);
    // A page that is not one falls back to the first.
    expect(((await callRoute(yourPosts.loader, "/app/your-posts?page=abc")) as SitePostsPage).page).toBe(1);
  });
});
