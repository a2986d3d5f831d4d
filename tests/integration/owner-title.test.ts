// The owner's title stays theirs: a title typed without the focus keyphrase is stored and published word for word by
// both writers (offline and the model pipeline, through its revision pass), to a real WordPress and to the fake
// Shopify; the keyphrase goes into the SEO title, which the platforms receive as such.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createWriter, type Writer } from "../../core/src/ai/index.ts";
import { generatePost } from "../../core/src/blog/generate-post.ts";
import { generatePostSchema } from "../../core/src/contracts/blog.ts";
import { ShopifyCostPacer, createShopifyTarget } from "../../core/src/publishing/shopify/index.ts";
import { createWordpressTarget } from "../../core/src/publishing/wordpress/index.ts";
import { buildPublishablePost } from "../../core/src/scheduling/index.ts";
import { createSafeFetch, type SafeFetch } from "../../core/src/security/index.ts";
import { createTestDatabase, type TestDatabase } from "../../core/src/testing/index.ts";
import { startFakeOpenAI, type FakeOpenAI } from "../fakes/openai/server.ts";
import { startFakeShopify, type FakeShopify } from "../fakes/shopify/index.ts";
import { seedUser } from "../support/scheduler/seed.ts";
import { startWordPress, type WordPressSite } from "../support/wordpress/start-wordpress.ts";

const SHOP = "title-store.myshopify.com";
const TOKEN = "shpat_title_store";

const typed = [
  { title: "Pour-over vs French press: which suits you?", keyword: "pour-over coffee" },
  { title: "Why our grinders outlast the rest", keyword: "burr grinder" },
];

let db: TestDatabase;
let openai: FakeOpenAI;
let shopify: FakeShopify;
let site: WordPressSite;
let safeFetch: SafeFetch;
let userId: number;

beforeAll(async () => {
  [db, openai, shopify, site] = await Promise.all([
    createTestDatabase(),
    startFakeOpenAI(),
    startFakeShopify({
      shops: [{ domain: SHOP, accessToken: TOKEN, name: "Title Store", blogs: [{ title: "News", handle: "news" }] }],
    }),
    startWordPress(),
  ]);
  safeFetch = createSafeFetch({
    allowPrivateNetworkTargets: false,
    allowedAddresses: ["127.0.0.1"],
    timeoutMs: 15_000,
  });
  userId = await seedUser(db);
}, 600_000);

afterAll(async () => {
  await safeFetch?.close();
  await site?.stop();
  await shopify?.close();
  await openai?.close();
  await db?.close();
});

const writers: Record<string, () => Writer> = {
  "the offline writer": () => createWriter({ openai: { apiKey: undefined, baseUrl: undefined, model: "gpt-4o-mini" } }),
  "the model pipeline": () =>
    createWriter({
      openai: { apiKey: "test-key", baseUrl: openai.url, model: "fake-model" },
      backoff: { initialMs: 10, maxMs: 40 },
    }),
};

describe.each(Object.keys(writers))("a title typed without the keyphrase, written by %s", (writerName) => {
  it.each(typed)("is stored and published word for word: $title", async ({ title, keyword }) => {
    const { blogPost } = await generatePost(
      { prisma: db.prisma, writer: writers[writerName]!() },
      { userId, input: generatePostSchema.parse({ title, keywords: [keyword] }) },
    );
    expect(blogPost.title).toBe(title);
    expect(blogPost.seoTitle?.toLowerCase()).toContain(keyword);
    expect(blogPost.seoChecks.find((check) => check.id === "keyphrase-in-title")?.status).toBe("pass");

    const row = await db.prisma.blogPost.findFirstOrThrow({
      where: { id: blogPost.id, userId },
      include: { user: { select: { firstName: true, lastName: true } } },
    });
    const post = buildPublishablePost(row);

    const wordpress = createWordpressTarget(
      { siteUrl: site.url, username: site.adminUser, applicationPassword: site.applicationPassword },
      { fetch: safeFetch, loadImage: async () => null, allowPlainHttp: true },
    );
    const published = await wordpress.publish(post, { remoteId: null });
    const remote = (await (await site.rest(`wp/v2/posts/${published.remoteId}?context=edit`)).json()) as {
      title: { raw: string };
    };
    expect(remote.title.raw).toBe(title);

    const shop = shopify.shop(SHOP);
    const store = createShopifyTarget(
      { storeUrl: `https://${SHOP}/admin`, accessToken: TOKEN, blogId: shop.blogs[0]!.id },
      { fetch, loadImage: async () => null, apiBaseUrl: shopify.apiBaseUrlTemplate, pacer: new ShopifyCostPacer() },
    );
    const article = await store.publish(post, { remoteId: null });
    const stored = shop.articles.find((a) => a.id === article.remoteId);
    expect(stored?.title).toBe(title);
    expect(stored?.metafields.find((m) => m.key === "title_tag")?.value).toBe(blogPost.seoTitle);
  });
});
