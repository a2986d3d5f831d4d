// Refreshing one of the store's articles from Shopify admin, against the fake store (every Admin GraphQL document
// checked against Shopify's schema): "Refresh" on Your posts proposes an update and opens it without changing the
// article; the ticked changes are scored on the server; "Publish to store" writes only them to the same article (same
// id and handle); "Restore previous version" puts the article back; an article edited on the store since the proposal
// is refused with 409 and nothing is written; a refresh that is not the shop's is not found.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_SHOP } from "@shopify/shopify-api/test-helpers";
import type { RefreshScores, RefreshView } from "@postwright/core/contracts";
import { analyzeSitePosts, saveSitePosts } from "@postwright/core/site-posts";
import { startFakeShopify, type FakeShopify } from "../../tests/fakes/shopify/index.ts";
import { callRoute, startAppHarness, type AppHarness } from "./app-harness";

const STORE = "https://candles.example";
const BODY =
  "<p>Our favourite scents for every room.</p><h2>Fresh scents</h2><p>Citrus and mint wake up a kitchen.</p>" +
  "<h2>Warm scents</h2><p>Amber and vanilla suit a living room in winter.</p>";

let fake: FakeShopify;
let harness: AppHarness;

beforeAll(async () => {
  fake = await startFakeShopify({
    shops: [
      { domain: TEST_SHOP, name: "Candles", blogs: [{ title: "Journal", handle: "journal" }], primaryDomainUrl: STORE },
    ],
  });
  harness = await startAppHarness({ fake });
  const home = await import("../app/routes/app._index");
  await callRoute(home.loader, "/app"); // the first request installs the app
});
afterAll(async () => {
  await harness.close();
  await fake.close();
});

/** A published article of the store, analysed into Your posts: its GID and its id among Your posts. */
async function articleInYourPosts(title: string, handle: string): Promise<{ articleId: string; sitePostId: number }> {
  const shop = fake.shop(TEST_SHOP);
  const { article } = await shop.createArticle(
    { blogId: shop.blogs[0]!.id, author: { name: "Merchant" }, isPublished: true, title, handle, body: BODY } as never,
    null,
    async () => null,
  );
  const user = await harness.db.prisma.user.findUniqueOrThrow({ where: { shopDomain: TEST_SHOP } });
  const connection = await harness.db.prisma.shopifyConnection.findFirstOrThrow({ where: { userId: user.id } });
  const now = new Date();
  const url = `${STORE}/blogs/journal/${handle}`;
  await saveSitePosts(harness.db.prisma, {
    userId: user.id,
    platform: "shopify",
    connectionId: connection.id,
    posts: analyzeSitePosts(
      [
        {
          remoteId: article!.id,
          url,
          title,
          slug: handle,
          html: BODY,
          seoTitle: null,
          metaDescription: "",
          keyphrase: null,
          keyphraseSource: null,
          publishedAt: now,
          modifiedAt: null,
        },
      ],
      { siteUrl: STORE, otherPages: [], now },
    ),
    now,
  });
  const post = await harness.db.prisma.sitePost.findFirstOrThrow({ where: { userId: user.id, url } });
  return { articleId: article!.id, sitePostId: post.id };
}

/** Presses Refresh on Your posts: the app goes to the proposal's page. */
async function propose(sitePostId: number): Promise<RefreshView> {
  const yourPosts = await import("../app/routes/app.your-posts");
  const answer = (await callRoute(yourPosts.action, "/app/your-posts", {
    intent: "refresh",
    sitePostId: String(sitePostId),
  })) as unknown as Response;
  expect(answer.status).toBe(302);
  const location = new URL(answer.headers.get("location")!, "https://app.test");
  const id = /^\/app\/your-posts\/refreshes\/(\d+)$/.exec(location.pathname)?.[1];
  expect(id).toBeDefined();
  const page = await import("../app/routes/app.your-posts_.refreshes.$id");
  return (await callRoute(page.loader, `/app/your-posts/refreshes/${id}`, undefined, { id: id! })) as RefreshView;
}

async function act(refreshId: number, form: [string, string][]) {
  const page = await import("../app/routes/app.your-posts_.refreshes.$id");
  const answer = await callRoute(page.action, `/app/your-posts/refreshes/${refreshId}`, new URLSearchParams(form), {
    id: String(refreshId),
  });
  // Refusals are answered with their status (Remix's data()); successes as plain objects.
  if (answer && typeof answer === "object" && "init" in answer && "data" in answer) {
    const { data, init } = answer as { data: { message: string }; init: { status: number } };
    return { status: init.status, ...data };
  }
  return answer as { intent: string; scores?: RefreshScores; refresh?: RefreshView; message?: string };
}

describe("Refreshing an article in Shopify admin", () => {
  it("proposes, scores the ticked changes, publishes only them in place and restores the article", async () => {
    const { articleId, sitePostId } = await articleInYourPosts("Best Candle Scents of 2024", "best-candle-scents");
    const shop = fake.shop(TEST_SHOP);
    const before = structuredClone(shop.article(articleId)!);

    const refresh = await propose(sitePostId);
    expect(refresh).toMatchObject({ platform: "shopify", state: "proposed", canRestore: false });
    const ids = refresh.items.map((i) => i.id);
    expect(ids).toEqual(expect.arrayContaining(["title", "part-0"]));
    // Each change shows the article as it is and as proposed, with why.
    const title = refresh.items.find((i) => i.id === "title")!;
    expect(title.before).toBe("Best Candle Scents of 2024");
    expect(title.after).toBe(`Best Candle Scents of ${new Date().getUTCFullYear()}`);
    expect(title.why.length).toBeGreaterThan(0);
    // Proposing changed nothing on the store.
    expect(shop.article(articleId)).toEqual(before);

    const preview = (await act(refresh.id, [
      ["intent", "preview"],
      ["itemId", "part-0"],
    ])) as { scores: RefreshScores };
    expect(preview.scores.chosenItemIds).toEqual(["part-0"]);
    expect(preview.scores.chosen.score).toBeGreaterThan(preview.scores.before.score);
    expect(shop.article(articleId)).toEqual(before);

    const none = await act(refresh.id, [["intent", "publish"]]);
    expect(none).toMatchObject({ status: 400, message: expect.stringContaining("Choose at least one change") });

    // Only the title and the introduction are taken: every other change stays out of the article.
    const published = await act(refresh.id, [
      ["intent", "publish"],
      ["itemId", "title"],
      ["itemId", "part-0"],
    ]);
    expect(published).toMatchObject({ intent: "publish", refresh: { state: "published", canRestore: true } });
    const after = shop.article(articleId)!;
    expect(after).toMatchObject({ id: before.id, handle: before.handle, blogId: before.blogId });
    expect(after.title).toBe(title.after);
    expect(after.body).not.toBe(before.body);
    expect(after.body).toContain("Citrus and mint wake up a kitchen.");
    const leftOut = refresh.items.filter((i) => i.kind === "section" && i.before === "");
    expect(leftOut.length).toBeGreaterThan(0);
    for (const item of leftOut) expect(after.body).not.toContain(item.after);

    const again = await act(refresh.id, [
      ["intent", "publish"],
      ["itemId", "title"],
    ]);
    expect(again).toMatchObject({ status: 409, message: expect.stringContaining("published already") });

    const restored = await act(refresh.id, [["intent", "restore"]]);
    expect(restored).toMatchObject({ intent: "restore", refresh: { state: "restored", canRestore: false } });
    expect(shop.article(articleId)).toMatchObject({
      id: before.id,
      handle: before.handle,
      title: before.title,
      body: before.body,
    });
  });

  it("refuses to publish over an article edited on the store since the proposal, and changes nothing", async () => {
    const { articleId, sitePostId } = await articleInYourPosts("Candle Gifts of 2023", "candle-gifts");
    const refresh = await propose(sitePostId);
    const shop = fake.shop(TEST_SHOP);
    await shop.updateArticle(articleId, { title: "Candle Gifts, edited by hand" } as never, null, async () => null);
    const edited = structuredClone(shop.article(articleId)!);

    const refused = await act(refresh.id, [
      ["intent", "publish"],
      ["itemId", "title"],
    ]);
    expect(refused).toMatchObject({
      status: 409,
      message: expect.stringContaining("changed on your site after the refresh was proposed"),
    });
    expect(shop.article(articleId)).toEqual(edited);
    // The refresh is still a proposal: nothing to restore.
    const page = await import("../app/routes/app.your-posts_.refreshes.$id");
    const view = (await callRoute(page.loader, `/app/your-posts/refreshes/${refresh.id}`, undefined, {
      id: String(refresh.id),
    })) as RefreshView;
    expect(view).toMatchObject({ state: "proposed", canRestore: false });
  });

  it("opens a refresh under Your posts, and a link to its earlier address leads there", async () => {
    const { sitePostId } = await articleInYourPosts("Candle Care Basics", "candle-care-basics");
    const refresh = await propose(sitePostId); // proposed from Your posts, it opens at /app/your-posts/refreshes/:id
    const earlier = await import("../app/routes/app.refreshes.$id");
    const answer = (await callRoute(earlier.loader, `/app/refreshes/${refresh.id}`, undefined, {
      id: String(refresh.id),
    })) as unknown as Response;
    expect(answer.status).toBe(302);
    expect(new URL(answer.headers.get("location")!, "https://app.test").pathname).toBe(
      `/app/your-posts/refreshes/${refresh.id}`,
    );
  });

  it("answers a refresh that does not exist, or is another account's, with 404", async () => {
    const page = await import("../app/routes/app.your-posts_.refreshes.$id");
    const other = await harness.db.prisma.user.create({
      data: { email: "other@example.com", password: "x", firstName: "Other" } as never,
    });
    const foreign = await harness.db.prisma.postRefresh.create({
      data: {
        userId: other.id,
        platform: "shopify",
        connectionId: 1,
        remoteId: "gid://shopify/Article/1",
        url: "https://elsewhere.example/blogs/news/a",
        title: "Not yours",
        keyphrase: "candles",
        generator: "offline",
        original: {},
        fingerprint: "x",
        items: [],
      } as never,
    });
    for (const id of [String(foreign.id), "999999", "abc"]) {
      const answer = (await callRoute(page.loader, `/app/your-posts/refreshes/${id}`, undefined, {
        id,
      })) as unknown as Response;
      expect(answer.status).toBe(404);
      expect(await answer.text()).toContain("Start again from Your posts");
    }
    const refused = await act(foreign.id, [["intent", "restore"]]);
    expect(refused).toMatchObject({ status: 404 });
  });
});
