// Publishing posts as Shopify articles, end to end against the fake Shopify (which checks every query against
// Shopify's real schema): what lands in the store, republishing, recovering from a lost answer, errors, throttling.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ShopifyCostPacer, createShopifyTarget } from "../../core/src/publishing/shopify/index.ts";
import { PublishError, type ImageLoader, type PublishablePost } from "../../core/src/publishing/types.ts";
import { onePixelPng, startFakeShopify, type FakeShopify } from "../fakes/shopify/index.ts";

const SHOP = "seo-store.myshopify.com";
const TOKEN = "shpat_seo_store";
const coverPng = onePixelPng(200, 30, 30);
const chartPng = onePixelPng(30, 30, 200);
const uploads: Record<string, { data: Buffer; contentType: string; filename: string }> = {
  "/uploads/cover.png": { data: coverPng, contentType: "image/png", filename: "cover.png" },
  "/uploads/chart.png": { data: chartPng, contentType: "image/png", filename: "chart.png" },
  "/uploads/broken.png": { data: Buffer.from("not an image"), contentType: "image/png", filename: "broken.png" },
};
const loadImage: ImageLoader = async (url) => uploads[url] ?? null;

let fake: FakeShopify;
let blogId: string;

function post(overrides: Partial<PublishablePost> = {}): PublishablePost {
  return {
    id: 42,
    title: "10 Steps to Better SEO",
    html: '<h2>Why it matters</h2><p>Search &amp; find.</p><p><img src="/uploads/chart.png" alt="Traffic chart"></p>',
    metaDescription: "Ten practical steps\nto rank higher.",
    seoTitle: null,
    slug: null,
    focusKeyphrase: null,
    keywords: ["seo", " blogging ", "seo", ""],
    images: [{ url: "/uploads/cover.png", altText: "A red cover" }],
    handle: "10-steps-to-better-seo-pw42",
    author: "Ann Writer",
    ...overrides,
  };
}

function target(options: { accessToken?: string; blog?: string; apiBaseUrl?: string; pacer?: ShopifyCostPacer } = {}) {
  return createShopifyTarget(
    {
      storeUrl: "https://seo-store.myshopify.com/admin",
      accessToken: options.accessToken ?? TOKEN,
      blogId: options.blog ?? blogId,
    },
    {
      fetch,
      loadImage,
      apiBaseUrl: options.apiBaseUrl ?? fake.apiBaseUrlTemplate,
      pacer: options.pacer ?? new ShopifyCostPacer(),
      imagePollDelaysMs: [5, 5, 5, 5, 5],
    },
  );
}

async function publishError(promise: Promise<unknown>): Promise<PublishError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof PublishError)) throw new Error(`expected a PublishError, got ${String(error)}`);
  return error;
}

beforeAll(async () => {
  fake = await startFakeShopify({
    shops: [
      {
        domain: SHOP,
        accessToken: TOKEN,
        name: "SEO Store",
        blogs: [{ title: "News", handle: "news" }],
        primaryDomainUrl: "https://www.seo-store.example",
      },
    ],
  });
});
afterAll(() => fake.close());

beforeEach(() => {
  const shop = fake.shop(SHOP);
  shop.articles.length = 0;
  shop.files.length = 0;
  if (shop.blogs.length === 0) shop.addBlog("News", "news");
  blogId = shop.blogs[0]!.id;
  fake.setThrottle(SHOP, { maximumAvailable: 1000, currentlyAvailable: 1000, restoreRate: 50 });
});

describe("publishing a post to Shopify", () => {
  it("creates a published article with every field of the post", async () => {
    const result = await target().publish(post(), { remoteId: null });

    const articles = fake.shop(SHOP).articles;
    expect(articles).toHaveLength(1);
    const article = articles[0]!;
    expect(result).toEqual({
      remoteId: article.id,
      remoteUrl: "https://www.seo-store.example/blogs/news/10-steps-to-better-seo-pw42",
    });
    expect(article).toMatchObject({
      blogId,
      title: "10 Steps to Better SEO",
      handle: "10-steps-to-better-seo-pw42",
      summary: "Ten practical steps to rank higher.",
      tags: ["seo", "blogging"],
      author: "Ann Writer",
      isPublished: true,
    });
    expect(article.publishedAt).not.toBeNull();
    expect(article.metafields.map(({ namespace, key, value }) => ({ namespace, key, value }))).toEqual([
      { namespace: "global", key: "title_tag", value: "10 Steps to Better SEO" },
      { namespace: "global", key: "description_tag", value: "Ten practical steps to rank higher." },
      { namespace: "postwright", key: "post", value: "post-42" },
    ]);
  });

  it("publishes the SEO title and description where Shopify's search engine listing reads them, under the post's slug", async () => {
    const seo = {
      seoTitle: "Better SEO: 10 Steps That Work for Small Stores",
      slug: "better-seo-steps",
      handle: "better-seo-steps",
      focusKeyphrase: "better seo",
    };
    const result = await target().publish(post(seo), { remoteId: null });
    const article = fake.shop(SHOP).articles[0]!;
    expect(article.handle).toBe("better-seo-steps");
    expect(result.remoteUrl).toBe("https://www.seo-store.example/blogs/news/better-seo-steps");
    expect(article.title).toBe("10 Steps to Better SEO");
    expect(article.metafields.map(({ namespace, key, value }) => ({ namespace, key, value }))).toEqual([
      { namespace: "global", key: "title_tag", value: "Better SEO: 10 Steps That Work for Small Stores" },
      { namespace: "global", key: "description_tag", value: "Ten practical steps to rank higher." },
      { namespace: "postwright", key: "post", value: "post-42" },
    ]);

    // Republishing carries edits of the SEO fields, and a (confirmed) new slug moves the same article.
    const edited = await target().publish(
      post({
        ...seo,
        seoTitle: "Better SEO in 10 Steps",
        metaDescription: "Edited.",
        slug: "better-seo",
        handle: "better-seo",
      }),
      { remoteId: result.remoteId },
    );
    expect(edited.remoteId).toBe(result.remoteId);
    const articles = fake.shop(SHOP).articles;
    expect(articles).toHaveLength(1);
    expect(articles[0]!.handle).toBe("better-seo");
    expect(articles[0]!.metafields.find((m) => m.key === "title_tag")?.value).toBe("Better SEO in 10 Steps");
    expect(articles[0]!.metafields.find((m) => m.key === "description_tag")?.value).toBe("Edited.");
  });

  it("gives the article the post's first image and moves the body's images to Shopify, where the storefront can load them", async () => {
    const requestsBefore = fake.requests.length;
    await target().publish(post(), { remoteId: null });
    const article = fake.shop(SHOP).articles[0]!;

    expect(article.image?.altText).toBe("A red cover");
    expect(article.image?.data.equals(coverPng)).toBe(true);
    expect(article.body).not.toContain("/uploads/");
    const bodyImage = /<img src="([^"]+)" alt="Traffic chart">/.exec(article.body)?.[1]?.replace(/&amp;/g, "&");
    expect(bodyImage).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/cdn\/shop\/seo-store\.myshopify\.com\/files\//);
    const served = await fetch(bodyImage!);
    expect(Buffer.from(await served.arrayBuffer()).equals(chartPng)).toBe(true);
    expect(article.body).toContain("<h2>Why it matters</h2><p>Search &amp; find.</p>");
    // Both uploads went through Shopify's staged upload target, signed parameters and all.
    const uploadsSent = fake.requests.slice(requestsBefore).filter((r) => r.kind === "staged-upload");
    expect(uploadsSent.map((r) => r.status)).toEqual([201, 201]);
  });

  it("republishing updates the same article instead of adding one, and keeps one file per image", async () => {
    const first = await target().publish(post(), { remoteId: null });
    const second = await target().publish(
      post({
        title: "11 Steps to Better SEO",
        metaDescription: "Now eleven.",
        keywords: ["seo", "updated"],
        images: [],
      }),
      { remoteId: first.remoteId },
    );

    expect(second.remoteId).toBe(first.remoteId);
    const articles = fake.shop(SHOP).articles;
    expect(articles).toHaveLength(1);
    expect(articles[0]).toMatchObject({
      title: "11 Steps to Better SEO",
      summary: "Now eleven.",
      tags: ["seo", "updated"],
      image: null,
    });
    expect(articles[0]!.metafields.find((m) => m.key === "description_tag")?.value).toBe("Now eleven.");
    expect(
      fake
        .shop(SHOP)
        .files.map((f) => f.filename)
        .sort(),
    ).toEqual(["10-steps-to-better-seo-pw42-1.png", "10-steps-to-better-seo-pw42-2.png"]);
    await target().publish(post(), { remoteId: first.remoteId });
    expect(fake.shop(SHOP).files).toHaveLength(2);
  });

  it("does not create a second article when the answer to the first was lost before its id was recorded", async () => {
    fake.failNext(SHOP, "lost-response", { operationName: "PublishArticleCreate" });
    const lost = await publishError(target().publish(post(), { remoteId: null }));
    expect(lost.transient).toBe(true);
    expect(fake.shop(SHOP).articles).toHaveLength(1);

    // The retry knows no remote id: it finds the article by the post's handle and updates it.
    const retried = await target().publish(post({ title: "10 Steps to Better SEO (revised)" }), { remoteId: null });
    const articles = fake.shop(SHOP).articles;
    expect(articles).toHaveLength(1);
    expect(retried.remoteId).toBe(articles[0]!.id);
    expect(articles[0]!.title).toBe("10 Steps to Better SEO (revised)");
  });

  it("never overwrites the merchant's own article at the post's address, and says how to publish", async () => {
    const shop = fake.shop(SHOP);
    await shop.createArticle(
      {
        blogId,
        title: "Our Own SEO Story",
        handle: "better-seo-steps",
        author: { name: "Merchant" },
        body: "<p>Mine</p>",
      },
      null,
      async () => null,
    );
    const seo = { slug: "better-seo-steps", handle: "better-seo-steps" };
    const refused = await publishError(target().publish(post(seo), { remoteId: null }));
    expect(refused.transient).toBe(false);
    expect(refused.message).toBe(
      'This Shopify blog already has an article at the address "better-seo-steps" that was not published from Postwright. ' +
        "Change this post's URL slug, then publish again.",
    );
    expect(shop.articles.map((a) => [a.title, a.body])).toEqual([["Our Own SEO Story", "<p>Mine</p>"]]);

    // Under another address it publishes beside the merchant's article; a second blog's article with the same
    // address does not stand in the way either.
    const other = shop.addBlog("Guides", "guides");
    await shop.createArticle(
      { blogId: other.id, title: "Guide", handle: "seo-steps-for-stores", author: { name: "Merchant" } },
      null,
      async () => null,
    );
    const moved = { slug: "seo-steps-for-stores", handle: "seo-steps-for-stores" };
    const published = await target().publish(post(moved), { remoteId: null });
    expect(shop.articles.map((a) => a.title).sort()).toEqual(["10 Steps to Better SEO", "Guide", "Our Own SEO Story"]);
    expect(shop.article(published.remoteId)?.blogId).toBe(blogId);
    expect(shop.articles.find((a) => a.title === "Guide")?.blogId).toBe(other.id);
  });

  it("publishes again when the recorded article was deleted in Shopify", async () => {
    const first = await target().publish(post(), { remoteId: null });
    fake.shop(SHOP).articles.length = 0;
    const again = await target().publish(post(), { remoteId: first.remoteId });
    expect(again.remoteId).not.toBe(first.remoteId);
    expect(fake.shop(SHOP).articles.map((a) => a.id)).toEqual([again.remoteId]);
  });

  it("signs the article with the store's name when the post has no author, and accepts a numeric blog id", async () => {
    await target({ blog: blogId.replace("gid://shopify/Blog/", "") }).publish(post({ author: " " }), {
      remoteId: null,
    });
    expect(fake.shop(SHOP).articles[0]?.author).toBe("SEO Store");
  });

  it("publishes without the image the site cannot read, and leaves that image's address alone", async () => {
    await target().publish(
      post({ images: [{ url: "/uploads/gone.png", altText: "" }], html: '<p><img src="/uploads/gone.png"></p>' }),
      { remoteId: null },
    );
    const article = fake.shop(SHOP).articles[0]!;
    expect(article.image).toBeNull();
    expect(article.body).toBe('<p><img src="/uploads/gone.png"></p>');
  });
});

describe("publishing failures", () => {
  it("reports a rejected article as permanent, with Shopify's reason", async () => {
    const error = await publishError(target().publish(post({ title: "   " }), { remoteId: null }));
    expect(error.transient).toBe(false);
    expect(error.message).toBe("Shopify rejected the article: Title can't be blank");
    expect(fake.shop(SHOP).articles).toHaveLength(0);
  });

  it("reports an image Shopify cannot process as permanent", async () => {
    const error = await publishError(
      target().publish(post({ images: [{ url: "/uploads/broken.png", altText: "" }] }), { remoteId: null }),
    );
    expect(error.transient).toBe(false);
    expect(error.message).toMatch(/^Shopify could not process the image 10-steps-to-better-seo-pw42-1\.png/);
  });

  it("reports a blog that no longer exists as permanent", async () => {
    const error = await publishError(target({ blog: "gid://shopify/Blog/123" }).publish(post(), { remoteId: null }));
    expect(error).toMatchObject({
      transient: false,
      message: expect.stringMatching(/blog chosen for this Shopify connection no longer exists/),
    });
  });

  it("reports a rejected access token as permanent", async () => {
    const error = await publishError(target({ accessToken: "shpat_revoked" }).publish(post(), { remoteId: null }));
    expect(error.transient).toBe(false);
    expect(error.message).toMatch(/^Shopify rejected the access token/);
  });

  it("reports Shopify's server errors and lost connections as transient, and a later attempt still publishes once", async () => {
    fake.failNext(SHOP, { status: 503 });
    expect((await publishError(target().publish(post(), { remoteId: null }))).transient).toBe(true);
    fake.failNext(SHOP, "network", { operationName: "PublishArticleCreate" });
    expect((await publishError(target().publish(post(), { remoteId: null }))).transient).toBe(true);
    expect(fake.shop(SHOP).articles).toHaveLength(0);

    await target().publish(post(), { remoteId: null });
    expect(fake.shop(SHOP).articles).toHaveLength(1);
  });

  it("reports an unreachable store as transient", async () => {
    const closed = await startFakeShopify();
    const apiBaseUrl = closed.apiBaseUrl();
    await closed.close();
    const error = await publishError(target({ apiBaseUrl }).publish(post(), { remoteId: null }));
    expect(error.transient).toBe(true);
  });
});

describe("Shopify's rate limits", () => {
  it("waits out Throttled answers: many publications at once to a small bucket all go through", async () => {
    fake.setThrottle(SHOP, { maximumAvailable: 60, currentlyAvailable: 60, restoreRate: 200 });
    const pacer = new ShopifyCostPacer();
    const posts = Array.from({ length: 12 }, (_, i) =>
      post({ id: 100 + i, handle: `post-${i}-pw${100 + i}`, title: `Post ${i}`, images: [], html: "<p>Body</p>" }),
    );

    const results = await Promise.all(posts.map((p) => target({ pacer }).publish(p, { remoteId: null })));

    expect(new Set(results.map((r) => r.remoteId)).size).toBe(12);
    expect(
      fake
        .shop(SHOP)
        .articles.map((a) => a.handle)
        .sort(),
    ).toEqual(posts.map((p) => p.handle).sort());
    expect(fake.throttledRequests(SHOP).length).toBeGreaterThan(0);
  });

  it("paces calls from the cost Shopify reported, so one after another they are not throttled", async () => {
    fake.setThrottle(SHOP, { maximumAvailable: 40, currentlyAvailable: 40, restoreRate: 40 });
    const pacer = new ShopifyCostPacer();
    const throttledBefore = fake.throttledRequests(SHOP).length;
    for (let i = 0; i < 4; i++) {
      await target({ pacer }).publish(
        post({ id: 200 + i, handle: `paced-${i}-pw${200 + i}`, images: [], html: "<p>Body</p>" }),
        { remoteId: null },
      );
    }
    expect(fake.shop(SHOP).articles).toHaveLength(4);
    expect(fake.throttledRequests(SHOP).length).toBe(throttledBefore);
  });

  it("gives up as transient, with a time to retry, when the wait would be too long", async () => {
    fake.setThrottle(SHOP, { maximumAvailable: 1000, currentlyAvailable: 0, restoreRate: 0.01 });
    const error = await publishError(target().publish(post(), { remoteId: null }));
    expect(error.transient).toBe(true);
    expect(error.retryAfterMs).toBeGreaterThan(60_000);
    expect(fake.shop(SHOP).articles).toHaveLength(0);
  });
});
