// The owner's voice read through their connection: from a real WordPress's published posts over REST (see
// tests/support/wordpress), and from a store's published articles on the fake Shopify (which checks the query
// against the 2026-10 schema and its scopes). Drafts and unpublished articles are never read; a site without posts
// gets the presets instead; the owner's edits and presets are stored per site and scoped to the owner.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../core/src/testing/index.ts";
import { ShopifyCostPacer } from "../../core/src/publishing/shopify/index.ts";
import { createSafeFetch, encryptSecret, type SafeFetch } from "../../core/src/security/index.ts";
import { SAMPLE_SITES } from "../../core/src/voice/fixtures/sample-sites.ts";
import {
  deriveSiteVoice,
  findPostVoice,
  listSiteVoices,
  readSitePosts,
  saveSiteVoice,
} from "../../core/src/voice/index.ts";
import { startFakeShopify, type FakeShopify } from "../fakes/shopify/index.ts";
import { startWordPress, type WordPressSite } from "../support/wordpress/start-wordpress.ts";

const [harcourt, trailhead] = SAMPLE_SITES;
const encryptionKey = Buffer.alloc(32, 9);
let db: TestDatabase;

beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db?.close();
});

describe("a WordPress site's voice", () => {
  let site: WordPressSite;
  let safeFetch: SafeFetch;

  beforeAll(async () => {
    site = await startWordPress({});
    safeFetch = createSafeFetch({
      allowPrivateNetworkTargets: false,
      allowedAddresses: ["127.0.0.1"],
      timeoutMs: 15_000,
    });
    for (const [i, post] of harcourt!.posts.entries()) {
      const response = await site.rest("wp/v2/posts", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          title: post.title,
          content: post.body,
          status: "publish",
          date: `2026-0${i + 1}-12T10:00:00`,
        }),
      });
      expect(response.status).toBe(201);
    }
    // A draft in another voice entirely: it must not be read.
    for (const post of trailhead!.posts.slice(0, 4)) {
      await site.rest("wp/v2/posts", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ title: post.title, content: post.body, status: "draft" }),
      });
    }
  }, 600_000);
  afterAll(async () => {
    await safeFetch?.close();
    await site?.stop();
  });

  it("is read from the site's published posts (not its drafts), stored for the owner, and listed with its description", async () => {
    const user = await db.prisma.user.create({ data: { email: "voice-wp@example.com", password: "x" } });
    const connection = await db.prisma.wordpressConnection.create({
      data: {
        userId: user.id,
        siteName: "Harcourt & Lyle",
        siteUrl: site.url,
        username: site.adminUser,
        applicationPassword: encryptSecret(site.applicationPassword, encryptionKey),
      },
    });
    const deps = { prisma: db.prisma, encryptionKey, fetch: safeFetch, allowPrivateNetworkTargets: true };

    const posts = await readSitePosts(deps, { platform: "wordpress", connection });
    // No drafts; WordPress's own "Hello world!" (dated at the install, so the newest) and the owner's posts, newest first.
    expect(posts.map((p) => p.title)).toEqual(["Hello world!", ...harcourt!.posts.map((p) => p.title).reverse()]);
    expect(posts[1]!.body).toMatch(/<h2>/);

    const derived = await deriveSiteVoice(deps, {
      userId: user.id,
      platform: "wordpress",
      connectionId: connection.id,
    });
    expect(derived.voice).toMatchObject({
      person: "we",
      formality: "formal",
      spelling: "UK",
      source: "posts",
      postsRead: 7,
    });
    expect(derived.description[0]).toBe("Speaks as “we”, for the business.");
    expect(derived.example).toMatch(/organise/);

    const listed = await listSiteVoices({ prisma: db.prisma }, { userId: user.id });
    expect(listed.sites).toEqual([derived]);
    expect(listed.presets.map((p) => p.id)).toContain("founder");
    expect(await findPostVoice({ prisma: db.prisma }, { userId: user.id })).toEqual(derived.voice);
    expect(
      await findPostVoice({ prisma: db.prisma }, { userId: user.id, wordpressConnectionId: connection.id }),
    ).toEqual(derived.voice);

    // Another owner can neither read nor change it.
    const other = await db.prisma.user.create({ data: { email: "voice-other@example.com", password: "x" } });
    await expect(
      deriveSiteVoice(deps, { userId: other.id, platform: "wordpress", connectionId: connection.id }),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(
      saveSiteVoice(
        { prisma: db.prisma },
        { userId: other.id, platform: "wordpress", connectionId: connection.id, preset: "founder" },
      ),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect((await listSiteVoices({ prisma: db.prisma }, { userId: other.id })).sites).toEqual([]);
    expect(await findPostVoice({ prisma: db.prisma }, { userId: other.id })).toBeUndefined();

    // The owner's edit keeps what was read and changes what they changed.
    const edited = await saveSiteVoice(
      { prisma: db.prisma },
      {
        userId: user.id,
        platform: "wordpress",
        connectionId: connection.id,
        voice: { ...derived.voice!, spelling: "US", wordsAvoided: ["synergy"] },
      },
    );
    expect(edited.voice).toMatchObject({ source: "edited", spelling: "US", person: "we", wordsAvoided: ["synergy"] });
    expect(edited.voice!.fingerprint.ukShare).toBe(0);
    expect(edited.voice!.fingerprint.functionWords).toEqual(derived.voice!.fingerprint.functionWords);
    expect(edited.example).toMatch(/organize/);
  });
});

describe("a Shopify store's voice", () => {
  let fake: FakeShopify;
  const SHOP = "voice-store.myshopify.com";
  const EMPTY = "new-store.myshopify.com";

  beforeAll(async () => {
    fake = await startFakeShopify({
      shops: [
        {
          domain: SHOP,
          accessToken: "shpat_voice",
          blogs: [{ title: "Trail notes", handle: "notes" }],
          scopes: ["read_content"],
        },
        {
          domain: EMPTY,
          accessToken: "shpat_empty",
          blogs: [{ title: "News", handle: "news" }],
          scopes: ["read_content"],
        },
      ],
    });
    const shop = fake.shop(SHOP);
    const blogId = shop.blogs[0]!.id;
    for (const [i, post] of trailhead!.posts.entries()) {
      await shop.createArticle(
        {
          blogId,
          title: post.title,
          author: { name: "Trailhead" },
          body: post.body,
          isPublished: true,
          publishDate: `2026-0${i + 1}-10T09:00:00Z`,
        },
        null,
        async () => null,
      );
    }
    // Unpublished, in the British firm's voice: not the owner's public writing.
    for (const post of harcourt!.posts.slice(0, 5)) {
      await shop.createArticle(
        { blogId, title: post.title, author: { name: "Draft" }, body: post.body, isPublished: false },
        null,
        async () => null,
      );
    }
  });
  afterAll(() => fake.close());

  const depsFor = () => ({
    prisma: db.prisma,
    encryptionKey,
    fetch,
    shopifyApiBaseUrl: fake.apiBaseUrlTemplate,
    shopifyPacer: new ShopifyCostPacer(),
  });

  async function connect(email: string, domain: string, token: string) {
    const user = await db.prisma.user.create({ data: { email, password: "x" } });
    const connection = await db.prisma.shopifyConnection.create({
      data: {
        userId: user.id,
        storeName: domain.split(".")[0]!,
        storeUrl: domain,
        apiKey: "",
        password: encryptSecret(token, encryptionKey),
        blogId: "",
      },
    });
    return { user, connection };
  }

  it("is read from the store's published articles, newest first, through the Admin API", async () => {
    const { user, connection } = await connect("voice-shop@example.com", SHOP, "shpat_voice");
    const since = fake.requests.length;
    const posts = await readSitePosts(depsFor(), { platform: "shopify", connection });
    expect(posts.map((p) => p.title)).toEqual(trailhead!.posts.map((p) => p.title).reverse());
    expect(fake.requests.slice(since).map((r) => r.operationName)).toEqual(["VoiceArticles"]);

    const derived = await deriveSiteVoice(depsFor(), {
      userId: user.id,
      platform: "shopify",
      connectionId: connection.id,
    });
    expect(derived.voice).toMatchObject({
      person: "you",
      formality: "casual",
      spelling: "US",
      closing: "question",
      postsRead: 6,
    });
    expect(derived.voice!.sentenceWords.mean).toBeLessThan(9);
  });

  it("is chosen from the presets, or written by hand, when the store has no articles", async () => {
    const { user, connection } = await connect("voice-empty@example.com", EMPTY, "shpat_empty");
    const site = { platform: "shopify" as const, connectionId: connection.id };
    await expect(deriveSiteVoice(depsFor(), { userId: user.id, ...site })).rejects.toMatchObject({
      code: "CONFLICT",
      message: expect.stringMatching(/no published posts.*Pick a preset/),
    });
    expect((await listSiteVoices({ prisma: db.prisma }, { userId: user.id })).sites[0]!.voice).toBeNull();

    const preset = await saveSiteVoice({ prisma: db.prisma }, { userId: user.id, ...site, preset: "casual-short" });
    expect(preset.voice).toMatchObject({
      source: "preset",
      presetId: "casual-short",
      person: "you",
      formality: "casual",
    });
    expect(preset.description.join(" ")).toMatch(/question/);

    const byHand = await saveSiteVoice(
      { prisma: db.prisma },
      {
        userId: user.id,
        ...site,
        voice: { ...preset.voice!, person: "I", closing: "sign-off", closingExample: "Cheers, Jo" },
      },
    );
    expect(byHand.voice).toMatchObject({ source: "edited", person: "I", presetId: "casual-short" });
    expect(byHand.voice!.fingerprint.person.I).toBeGreaterThan(0.5);
    expect(byHand.example).toMatch(/Cheers, Jo$/);
    expect((await listSiteVoices({ prisma: db.prisma }, { userId: user.id })).sites[0]).toEqual(byHand);
  });
});
