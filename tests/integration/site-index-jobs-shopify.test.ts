// A Shopify store's index is built as soon as the store is connected, by whichever way (a pasted Admin API token, the
// embedded app's install), by the site indexers of the running instances: the job is queued at once, read page by
// page under a lease, and the owner's state follows it (reading, ready, failed with its reason, retried). A post
// written right after connecting links into the store. Against the fake Shopify (real schema, scopes, cost limits).
import { randomBytes } from "node:crypto";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createWriter } from "../../core/src/ai/index.ts";
import { generatePost } from "../../core/src/blog/generate-post.ts";
import { saveShopifyConnection } from "../../core/src/connections/shopify/save-shopify-connection.ts";
import { generatePostSchema } from "../../core/src/contracts/blog.ts";
import { claimJobs, renewJobLease } from "../../core/src/jobs/index.ts";
import { ShopifyCostPacer } from "../../core/src/publishing/shopify/index.ts";
import { encryptSecret } from "../../core/src/security/index.ts";
import {
  createShopifySessionStore,
  findOrCreateShopAccount,
  offlineSessionId,
} from "../../core/src/shopify-shops/index.ts";
import {
  createSiteIndexer,
  enqueueSiteIndex,
  getSiteIndexStatus,
  readSiteLinks,
  requestSiteIndexRefresh,
  SITE_INDEX_QUEUE,
  type SiteIndexer,
} from "../../core/src/site-index/index.ts";
import { createTestDatabase, type TestDatabase } from "../../core/src/testing/index.ts";
import { startFakeOpenAI } from "../fakes/openai/server.ts";
import { seedStoreContent, startFakeShopify, type FakeShopify } from "../fakes/shopify/index.ts";
import { seedUser } from "../support/scheduler/seed.ts";

const ALL_SCOPES = ["read_content", "write_content", "read_products"];
const PASTED = "pasted-store.myshopify.com";
const INSTALLED = "installed-store.myshopify.com";
const FRESH = "fresh-store.myshopify.com";
const FRESH_FOR_MODEL = "fresh-model-store.myshopify.com";
const TAKEN = "taken-store.myshopify.com";
const FLEET = Array.from({ length: 12 }, (_, i) => `fleet-${i}.myshopify.com`);
const encryptionKey = randomBytes(32);

let fake: FakeShopify;
let db: TestDatabase;
const indexers: SiteIndexer[] = [];

beforeAll(async () => {
  db = await createTestDatabase({ maxConnections: 8 });
  fake = await startFakeShopify({
    shops: [PASTED, INSTALLED, FRESH, FRESH_FOR_MODEL, TAKEN, ...FLEET].map((domain) => ({
      domain,
      accessToken: `shpat_${domain.split(".")[0]}`,
      blogs: [{ title: "Journal", handle: "journal" }],
      scopes: ALL_SCOPES,
    })),
    throttle: { maximumAvailable: 20_000, restoreRate: 10_000 },
  });
  seedStoreContent(fake.shop(PASTED), { products: 600, collections: 6, pages: 4, unpublishedEvery: 0 });
  seedStoreContent(fake.shop(INSTALLED), { products: 40, collections: 3, pages: 2, unpublishedEvery: 0 });
  seedStoreContent(fake.shop(FRESH), { products: 300, collections: 5, pages: 3, unpublishedEvery: 0 });
  seedStoreContent(fake.shop(FRESH_FOR_MODEL), { products: 60, collections: 3, pages: 2, unpublishedEvery: 0 });
  seedStoreContent(fake.shop(TAKEN), { products: 30, collections: 2, pages: 1, unpublishedEvery: 0 });
  for (const domain of FLEET)
    seedStoreContent(fake.shop(domain), { products: 30, collections: 2, pages: 1, unpublishedEvery: 0 });
}, 120_000);

afterEach(async () => {
  await Promise.all(indexers.splice(0).map((indexer) => indexer.stop()));
});

afterAll(async () => {
  await fake?.close();
  await db?.close();
});

function deps(fetchLike: typeof fetch = fetch) {
  return {
    prisma: db.prisma,
    encryptionKey,
    fetch: fetchLike,
    allowPrivateNetworkTargets: false,
    loadImage: async () => null,
    shopifyApiBaseUrl: fake.apiBaseUrlTemplate,
    shopifyPacer: new ShopifyCostPacer(),
    shopifyApp: { apiKey: "testApiKey", apiSecret: "testApiSecretKey" },
  };
}

function startIndexer(instanceId: string, fetchLike: typeof fetch = fetch, readers = 2) {
  const indexer = createSiteIndexer(deps(fetchLike), { instanceId, readers, intervalMs: 100 });
  indexers.push(indexer);
  indexer.start();
  return indexer;
}

const jobOf = (platform: string, connectionId: number) =>
  db.prisma.siteIndexJob.findUniqueOrThrow({ where: { platform_connectionId: { platform, connectionId } } });

async function until<T>(read: () => Promise<T>, ok: (value: T) => boolean): Promise<T> {
  return vi.waitFor(
    async () => {
      const value = await read();
      if (!ok(value)) throw new Error(`not yet: ${JSON.stringify(value)}`);
      return value;
    },
    { timeout: 60_000, interval: 50 },
  );
}

async function connectPasted(domain: string, userId: number) {
  return saveShopifyConnection(deps(), {
    userId,
    connection: {
      storeName: domain,
      storeUrl: domain,
      accessToken: `shpat_${domain.split(".")[0]}`,
      blogId: fake.shop(domain).blogs[0]!.id,
    },
  });
}

describe("indexing a Shopify store as soon as it is connected", () => {
  it("queues a store saved with a pasted token and builds its index, showing its progress to the owner", async () => {
    const userId = await seedUser(db, "Pasted");
    const view = await connectPasted(PASTED, userId);
    expect(await jobOf("shopify", view.id)).toMatchObject({ state: "queued", userId, indexedAt: null });
    expect(await getSiteIndexStatus({ prisma: db.prisma }, { userId })).toEqual([
      expect.objectContaining({ platform: "shopify", state: "queued", pagesIndexed: 0, canRetry: false }),
    ]);

    const seen = new Set<string>();
    startIndexer("one", async (...args) => {
      const job = await db.prisma.siteIndexJob.findUnique({
        where: { platform_connectionId: { platform: "shopify", connectionId: view.id } },
      });
      if (job) seen.add(`${job.state}:${job.pagesRead > 0 ? "some" : "none"}`);
      return fetch(...args);
    });
    const [status] = await until(
      () => getSiteIndexStatus({ prisma: db.prisma }, { userId }),
      ([site]) => site?.state === "ready",
    );
    // Pages, collections and products (articles: none in this store), every one linkable.
    expect(status).toMatchObject({ pagesIndexed: 4 + 6 + 600, pagesRead: 610, error: null, canRetry: true });
    expect(status!.indexedAt).not.toBeNull();
    // The owner saw the read under way with the pages read so far (written after each page of results).
    expect(seen).toContain("reading:some");
    const links = await readSiteLinks(db.prisma, userId);
    expect(links).toHaveLength(610);
    expect(links.filter((l) => l.kind === "product")).toHaveLength(600);
  });

  it("queues a store that installs the app and reads it with the app's token", async () => {
    const { accessToken, refreshToken } = fake.issueTokens(INSTALLED);
    await createShopifySessionStore({ prisma: db.prisma, encryptionKey }).storeSession({
      id: offlineSessionId(INSTALLED),
      shop: INSTALLED,
      state: "",
      isOnline: false,
      scope: ALL_SCOPES.join(","),
      expires: null,
      accessToken,
      refreshToken,
      refreshTokenExpires: null,
      onlineAccessInfo: null,
    });
    const { user } = await findOrCreateShopAccount(
      { prisma: db.prisma },
      { shop: INSTALLED, name: "Installed", email: null, blogId: fake.shop(INSTALLED).blogs[0]!.id },
    );
    const [queued] = await getSiteIndexStatus({ prisma: db.prisma }, { userId: user.id });
    expect(queued).toMatchObject({ platform: "shopify", state: "queued" });

    startIndexer("one");
    const [ready] = await until(
      () => getSiteIndexStatus({ prisma: db.prisma }, { userId: user.id }),
      ([site]) => site?.state === "ready",
    );
    expect(ready!.pagesIndexed).toBe(2 + 3 + 40);
    expect((await readSiteLinks(db.prisma, user.id)).map((l) => l.url)).toContain(
      `https://${INSTALLED}/products/${fake.shop(INSTALLED).products[0]!.handle}`,
    );
  });

  it("writes the first post right after connecting with links into the store, waiting a bounded time for them", async () => {
    const userId = await seedUser(db, "Fresh");
    await connectPasted(FRESH, userId);
    const writer = createWriter({ openai: { apiKey: undefined, baseUrl: undefined, model: "gpt-4o-mini" } });
    const write = (siteIndexWaitMs?: number) =>
      generatePost(
        { prisma: db.prisma, writer, siteIndexWaitMs },
        {
          userId,
          input: generatePostSchema.parse({
            title: "Choosing a coffee grinder for your kitchen",
            keywords: ["coffee grinder"],
            focusKeyphrase: "coffee grinder",
          }),
        },
      );
    const storeLinks = (links: Array<{ url: string }>) =>
      links.filter((link) => link.url.startsWith(`https://${FRESH}/`));

    // Nobody reads the store: the wait ends at its bound and the post is written without links into it.
    const alone = await write(300);
    expect(storeLinks(alone.blogPost.links)).toEqual([]);
    expect((await getSiteIndexStatus({ prisma: db.prisma }, { userId }))[0]!.state).toBe("queued");

    // An instance starts reading a moment after the generation began: the generation waits for the index.
    const post = write();
    setTimeout(() => startIndexer("late"), 1000);
    const { blogPost } = await post;
    expect(storeLinks(blogPost.links).length).toBeGreaterThan(0);
    expect(blogPost.htmlContent).toContain(storeLinks(blogPost.links)[0]!.url);
  });

  it("with a model, starts the post while the store's first index is read, and its sections link to the pages read", async () => {
    const openai = await startFakeOpenAI({ latencyMs: 50 });
    try {
      const userId = await seedUser(db, "Model");
      await connectPasted(FRESH_FOR_MODEL, userId);
      const writer = createWriter({ openai: { apiKey: "test", baseUrl: openai.url, model: "fake-model" } });
      let indexStartedAt = Infinity;
      const post = generatePost(
        { prisma: db.prisma, writer },
        {
          userId,
          input: generatePostSchema.parse({ title: "Choosing a coffee grinder", keywords: ["coffee grinder"] }),
        },
      );
      setTimeout(() => {
        indexStartedAt = performance.now();
        startIndexer("late");
      }, 1000);
      const { blogPost } = await post;

      // The introduction, the plan and the snippet did not wait for the store to be read; the sections did.
      const first = (step: string) => openai.requests.find((r) => r.step === step)!;
      expect(first("post_introduction").startedAt).toBeLessThan(indexStartedAt);
      expect(first("post_outline").startedAt).toBeLessThan(indexStartedAt);
      expect(first("post_section").startedAt).toBeGreaterThan(indexStartedAt);
      const storeLinks = blogPost.links.filter((link) => link.url.startsWith(`https://${FRESH_FOR_MODEL}/`));
      expect(storeLinks.length).toBeGreaterThan(0);
      const sections = openai.requests
        .filter((r) => r.step === "post_section")
        .map((r) => JSON.stringify(r.body.messages));
      for (const link of storeLinks) expect(sections.some((prompt) => prompt.includes(link.url))).toBe(true);
      expect(blogPost.htmlContent).toContain(storeLinks[0]!.url);
    } finally {
      await openai.close();
    }
  });

  it("records a failed read with its reason for the owner, and reads again when the owner asks", async () => {
    const userId = await seedUser(db, "Failing");
    const domain = FLEET[0]!;
    fake.failNext(domain, { status: 503 }, { operationName: "SiteIndexProducts" });
    await connectPasted(domain, userId);
    startIndexer("one");
    const [failed] = await until(
      () => getSiteIndexStatus({ prisma: db.prisma }, { userId }),
      ([site]) => site?.state === "failed",
    );
    expect(failed!.error).toMatch(/Your Shopify store's pages could not be read\..*The links already known are kept\./);
    expect(failed!.canRetry).toBe(true);
    // A first index keeps what was read before the failure (pages and collections), usable at once.
    expect(failed!.pagesIndexed).toBe(1 + 2);
    expect(await readSiteLinks(db.prisma, userId)).toHaveLength(3);
    // Retried by itself after a while; the owner need not wait for it.
    expect((await jobOf("shopify", failed!.connectionId)).nextAttemptAt!.getTime()).toBeGreaterThan(Date.now());

    // Meanwhile the store renames a collection and unpublishes its page: the completed first index follows the store
    // as the next read finds it, not the pages the failed try stored.
    const shop = fake.shop(domain);
    const renamed = shop.collections[0]!;
    const oldTitle = renamed.title;
    renamed.title = `${oldTitle} (renamed)`;
    shop.pages[0]!.isPublished = false;
    const [queued] = await requestSiteIndexRefresh({ prisma: db.prisma }, { userId });
    expect(queued!.state === "queued" || queued!.state === "reading").toBe(true);
    const [ready] = await until(
      () => getSiteIndexStatus({ prisma: db.prisma }, { userId }),
      ([site]) => site?.state === "ready",
    );
    expect(ready).toMatchObject({ pagesIndexed: 2 + 30, error: null });
    const links = await readSiteLinks(db.prisma, userId);
    expect(links).toHaveLength(32);
    expect(links.filter((link) => link.kind === "page")).toEqual([]);
    expect(links.map((link) => link.title)).toContain(`${oldTitle} (renamed)`);
    expect(links.map((link) => link.title)).not.toContain(oldTitle);
    // The store as the later tests know it.
    renamed.title = oldTitle;
    shop.pages[0]!.isPublished = true;
  });
});

describe("site indexers on several instances", () => {
  it("share the sites between two instances without reading any site with both", async () => {
    const sites = FLEET.slice(1);
    const connections: number[] = [];
    for (const domain of sites) {
      const userId = await seedUser(db, "Fleet");
      const connection = await db.prisma.shopifyConnection.create({
        data: {
          userId,
          storeName: domain,
          storeUrl: `https://${domain}`,
          apiKey: "custom-app",
          password: encryptSecret(`shpat_${domain.split(".")[0]}`, encryptionKey),
          blogId: fake.shop(domain).blogs[0]!.id,
        },
      });
      connections.push(connection.id);
      await enqueueSiteIndex({ prisma: db.prisma }, { userId, platform: "shopify", connectionId: connection.id });
    }
    // Which instance sent each request, per store.
    const readers = new Map<string, Set<string>>();
    const tracked =
      (instance: string): typeof fetch =>
      async (input, init) => {
        const shop = new URL(String(input instanceof Request ? input.url : input)).pathname.split("/")[2] ?? "";
        const set = readers.get(shop) ?? new Set();
        readers.set(shop, set.add(instance));
        return fetch(input, init);
      };
    startIndexer("a", tracked("a"));
    startIndexer("b", tracked("b"));
    await until(
      () => db.prisma.siteIndexJob.findMany({ where: { connectionId: { in: connections }, platform: "shopify" } }),
      (jobs) => jobs.length === sites.length && jobs.every((job) => job.state === "ready"),
    );
    const jobs = await db.prisma.siteIndexJob.findMany({
      where: { connectionId: { in: connections }, platform: "shopify" },
    });
    expect(jobs.every((job) => job.pagesIndexed === 1 + 2 + 30)).toBe(true);
    const perShop = sites.map((domain) => [...(readers.get(domain) ?? [])]);
    expect(perShop.every((instances) => instances.length === 1)).toBe(true);
    // Both instances did part of the work.
    expect(new Set(perShop.flat())).toEqual(new Set(["a", "b"]));
  });

  it("stops a reader whose site was taken over while it read: it writes nothing more", async () => {
    const userId = await seedUser(db, "Taken");
    const view = await connectPasted(TAKEN, userId);
    const outcomes: string[] = [];
    const stealing: typeof fetch = async (input, init) => {
      // Another instance takes the site over (its lease) just before the products are read.
      if (String(init?.body ?? "").includes("SiteIndexProducts")) {
        await db.prisma.siteIndexJob.updateMany({ where: { connectionId: view.id }, data: { leaseOwner: "thief:1" } });
      }
      return fetch(input, init);
    };
    const indexer = createSiteIndexer(deps(stealing), {
      instanceId: "robbed",
      intervalMs: 100,
      onOutcome: (outcome) => outcomes.push(outcome),
    });
    indexers.push(indexer);
    indexer.start();
    await until(
      async () => outcomes,
      (list) => list.length > 0,
    );
    expect(outcomes).toEqual(["lost"]);
    // The pages and collections read before stay (a first index is stored as it is read); no product was stored.
    const links = await readSiteLinks(db.prisma, userId);
    expect(links.map((l) => l.kind).sort()).toEqual(["collection", "collection", "page"]);
    expect(await jobOf("shopify", view.id)).toMatchObject({ state: "reading", leaseOwner: "thief:1", indexedAt: null });
  });

  it("takes over a site whose reader died once its lease lapses; the dead reader can write nothing more", async () => {
    const userId = await seedUser(db, "Orphan");
    const domain = FLEET[0]!;
    const connection = await db.prisma.shopifyConnection.create({
      data: {
        userId,
        storeName: domain,
        storeUrl: `https://${domain}`,
        apiKey: "custom-app",
        password: encryptSecret(`shpat_${domain.split(".")[0]}`, encryptionKey),
        blogId: fake.shop(domain).blogs[0]!.id,
      },
    });
    await enqueueSiteIndex({ prisma: db.prisma }, { userId, platform: "shopify", connectionId: connection.id });
    // An instance claimed it a while ago, with a lease that has lapsed since, and died.
    const then = new Date(Date.now() - 10 * 60_000);
    await db.prisma.siteIndexJob.updateMany({ where: { connectionId: connection.id }, data: { nextAttemptAt: then } });
    const claimed = await claimJobs(db.prisma, SITE_INDEX_QUEUE, {
      owner: "dead:1",
      now: then,
      leaseMs: 60_000,
      limit: 20,
    });
    const job = await jobOf("shopify", connection.id);
    expect(claimed).toContain(job.id);
    expect(job).toMatchObject({ state: "reading", leaseOwner: "dead:1" });

    startIndexer("alive");
    const done = await until(
      () => jobOf("shopify", connection.id),
      (row) => row.state === "ready",
    );
    expect(done).toMatchObject({ pagesIndexed: 33, leaseOwner: null });
    expect(
      await renewJobLease(db.prisma, SITE_INDEX_QUEUE, {
        id: job.id,
        owner: "dead:1",
        now: new Date(),
        leaseMs: 60_000,
      }),
    ).toBe(false);
    expect(await readSiteLinks(db.prisma, userId)).toHaveLength(33);
  });
});
