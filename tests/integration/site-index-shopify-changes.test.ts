// A Shopify store connected with a pasted token has no webhooks, and the app's webhooks cover only products and
// collections: between daily full reads the indexer asks the store every few minutes what changed since the last
// time (Shopify's search syntax, `updated_at:>'…'`), so a product added, renamed or hidden from the online store, a
// collection unpublished, a page or an article published reaches the index at the next such read, without reading the
// whole store again; so does a deletion (products and collections from the store's deletion events, pages and articles
// by their counts, then their ids). Against the fake Shopify (real schema, search filters, scopes, cost limits).
import { randomBytes } from "node:crypto";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { saveShopifyConnection } from "../../core/src/connections/shopify/save-shopify-connection.ts";
import { ShopifyCostPacer } from "../../core/src/publishing/shopify/index.ts";
import { describeSiteIndexStatus } from "../../core/src/contracts/site-index.ts";
import {
  createSiteIndexer,
  getSiteIndexStatus,
  readSiteLinks,
  requestSiteIndexRefresh,
  SITE_INDEX_CHANGES_EVERY_MS,
  SITE_INDEX_STALE_AFTER_MS,
  type SiteIndexer,
} from "../../core/src/site-index/index.ts";
import { createTestDatabase, type TestDatabase } from "../../core/src/testing/index.ts";
import { seedStoreContent, startFakeShopify, type FakeShopify } from "../fakes/shopify/index.ts";
import { runSiteIndexerUntilRead } from "../support/run-site-indexer.ts";
import { seedUser } from "../support/scheduler/seed.ts";

const STORE = "changing-store.myshopify.com";
const encryptionKey = randomBytes(32);

let fake: FakeShopify;
let db: TestDatabase;
let indexer: SiteIndexer | undefined;

beforeAll(async () => {
  db = await createTestDatabase();
  fake = await startFakeShopify({
    shops: [
      {
        domain: STORE,
        accessToken: "shpat_changing",
        blogs: [{ title: "Journal", handle: "journal" }],
        scopes: ["read_content", "write_content", "read_products"],
      },
    ],
  });
  seedStoreContent(fake.shop(STORE), { products: 12, collections: 3, pages: 2, unpublishedEvery: 0 });
}, 120_000);

afterEach(async () => {
  await indexer?.stop();
  indexer = undefined;
});

afterAll(async () => {
  await fake?.close();
  await db?.close();
});

/** Requests to the store wait here while set (a test holds a read part-way to look at it). */
let gate: { operation: string; reached: () => void; release: Promise<void> } | null = null;

const heldFetch: typeof fetch = async (input, init) => {
  const held = gate;
  if (held && typeof init?.body === "string" && init.body.includes(held.operation)) {
    held.reached();
    await held.release;
  }
  return fetch(input, init);
};

const deps = () => ({
  prisma: db.prisma,
  encryptionKey,
  fetch: heldFetch,
  allowPrivateNetworkTargets: false,
  loadImage: async () => null,
  shopifyApiBaseUrl: fake.apiBaseUrlTemplate,
  shopifyPacer: new ShopifyCostPacer(),
});

const job = (connectionId: number) =>
  db.prisma.siteIndexJob.findUniqueOrThrow({ where: { platform_connectionId: { platform: "shopify", connectionId } } });

/** Runs the indexer until the job has finished a read after `after` (its updatedAt), and stops it. */
const runIndexer = (connectionId: number, after: Date) =>
  runSiteIndexerUntilRead(deps(), () => job(connectionId), after);

/** Marks an item of the fake store as changed now (Shopify sets updatedAt on every save). */
const touch = (item: { updatedAt: string }) => {
  item.updatedAt = new Date().toISOString();
};

describe("a Shopify store between full reads", () => {
  it("is asked what changed: products, collections, pages and articles reach the index", async () => {
    const shop = fake.shop(STORE);
    const userId = await seedUser(db, "Store changes");
    const { id: connectionId } = await saveShopifyConnection(deps(), {
      userId,
      connection: { storeName: "Changing", storeUrl: STORE, accessToken: "shpat_changing", blogId: shop.blogs[0]!.id },
    });
    await runIndexer(connectionId, new Date(0));
    const full = await job(connectionId);
    expect(full.changesSince).not.toBeNull();
    // Due again in a few minutes for its changes, not in a day.
    expect(full.nextAttemptAt!.getTime() - full.updatedAt.getTime()).toBeLessThanOrEqual(SITE_INDEX_CHANGES_EVERY_MS);
    const titles = async () => (await readSiteLinks(db.prisma, userId)).map((link) => link.title);
    const [renamed, hidden] = shop.products;
    const [unpublished] = shop.collections;
    const [page] = shop.pages;
    const before = await titles();
    expect(before).toEqual(expect.arrayContaining([renamed!.title, hidden!.title, unpublished!.title, page!.title]));

    shop.addProduct({ title: "Walnut Pour-Over Stand", status: "ACTIVE", onlineStore: true });
    shop.addProduct({ title: "Prototype Dripper", status: "DRAFT", onlineStore: false });
    const oldName = renamed!.title;
    renamed!.title = "Conical Burr Grinder, Second Edition";
    touch(renamed!);
    hidden!.onlineStore = false;
    touch(hidden!);
    unpublished!.published = false;
    touch(unpublished!);
    page!.title = "Our Roastery in Leeds";
    touch(page!);
    const write = async (title: string, isPublished: boolean) => {
      const { userErrors } = await shop.createArticle(
        { title, body: "<p>From the roastery.</p>", isPublished, blogId: shop.blogs[0]!.id, author: { name: "Sam" } },
        null,
        async () => null as never,
      );
      expect(userErrors).toEqual([]);
    };
    await write("Descaling Your Kettle", true);
    await write("Draft: Spring Menu", false);

    // The changes read is due (as it is every few minutes); nobody asked for a full read.
    await db.prisma.siteIndexJob.update({ where: { id: full.id }, data: { nextAttemptAt: new Date() } });
    await runIndexer(connectionId, full.updatedAt);
    const changed = await job(connectionId);
    expect(changed.indexedAt).toEqual(full.indexedAt); // not read in full again
    const now = await titles();
    expect(now).toEqual(
      expect.arrayContaining([
        "Walnut Pour-Over Stand",
        "Conical Burr Grinder, Second Edition",
        "Our Roastery in Leeds",
        "Descaling Your Kettle",
      ]),
    );
    for (const gone of [oldName, hidden!.title, unpublished!.title, "Prototype Dripper", "Draft: Spring Menu"]) {
      expect(now).not.toContain(gone);
    }
    // The renamed product keeps its address: one entry for it, under its new title.
    const links = await readSiteLinks(db.prisma, userId);
    expect(links.filter((link) => link.url.endsWith(`/products/${renamed!.handle}`))).toHaveLength(1);
    expect(changed.pagesIndexed).toBe(links.length);
    expect(links).toHaveLength(before.length + 2 - 2);
  });

  it("says what is indexed while a store's changes are checked, and 'Reading your store' only for a full read", async () => {
    const shop = fake.shop(STORE);
    const userId = await seedUser(db, "Store status");
    /** Holds the store's requests of `operation` until released; resolves once one is waiting. */
    const hold = (operation: string) => {
      let reached!: () => void;
      let release!: () => void;
      const waiting = new Promise<void>((resolve) => (reached = resolve));
      gate = { operation, reached, release: new Promise<void>((resolve) => (release = resolve)) };
      return { waiting, release: () => ((gate = null), release()) };
    };
    const headline = async () => {
      const [site] = await getSiteIndexStatus({ prisma: db.prisma }, { userId });
      return describeSiteIndexStatus(site!).headline;
    };

    // The first read: the store is being read.
    const first = hold("SiteIndexProducts");
    const { id: connectionId } = await saveShopifyConnection(deps(), {
      userId,
      connection: { storeName: "Status", storeUrl: STORE, accessToken: "shpat_changing", blogId: shop.blogs[0]!.id },
    });
    indexer = createSiteIndexer(deps(), { instanceId: "test", intervalMs: 100 });
    indexer.start();
    await first.waiting;
    expect(await headline()).toMatch(/^Reading your store: \d+ pages? so far$/);
    first.release();
    await vi.waitFor(async () => expect((await job(connectionId)).state).toBe("ready"), { timeout: 60_000 });
    await indexer.stop();
    indexer = undefined;
    const indexed = await job(connectionId);
    const count = `${indexed.pagesIndexed} pages indexed`;

    // Its changes read, ten minutes later: still the pages indexed, being checked for changes.
    const changes = hold("SiteIndexChangedProducts");
    await db.prisma.siteIndexJob.update({ where: { id: indexed.id }, data: { nextAttemptAt: new Date() } });
    indexer = createSiteIndexer(deps(), { instanceId: "test", intervalMs: 100 });
    indexer.start();
    await changes.waiting;
    const during = await headline();
    expect(during).toMatch(new RegExp(`^${count} (just now|\\d+ minutes? ago); checking for changes$`));
    expect(during).not.toMatch(/reading/i);
    changes.release();
    await vi.waitFor(
      async () => {
        const row = await job(connectionId);
        if (row.state !== "ready" || row.updatedAt <= indexed.updatedAt) throw new Error(`not read yet: ${row.state}`);
      },
      { timeout: 60_000, interval: 50 },
    );
    await indexer.stop();
    indexer = undefined;
    expect(await headline()).toMatch(new RegExp(`^${count} (just now|\\d+ minutes? ago)$`));

    // The owner's "Read pages again" is a full read: the store is being read again.
    await db.prisma.siteIndexJob.update({
      where: { id: indexed.id },
      data: { nextAttemptAt: new Date(), fullReadAsked: true },
    });
    const again = hold("SiteIndexProducts");
    indexer = createSiteIndexer(deps(), { instanceId: "test", intervalMs: 100 });
    indexer.start();
    await again.waiting;
    expect(await headline()).toMatch(/^Reading your store: \d+ pages? so far$/);
    again.release();
  });

  it("removes deleted products, collections, pages and articles at the next changes read", async () => {
    const shop = fake.shop(STORE);
    const userId = await seedUser(db, "Store deletions");
    const write = async (title: string, isPublished: boolean) => {
      const { article, userErrors } = await shop.createArticle(
        { title, body: "<p>Notes.</p>", isPublished, blogId: shop.blogs[0]!.id, author: { name: "Sam" } },
        null,
        async () => null as never,
      );
      expect(userErrors).toEqual([]);
      return article!;
    };
    const cupping = await write("Cupping Notes from Kenya", true);
    await write("Draft: Harvest Diary", false);
    const product = shop.addProduct({ title: "Enamel Milk Jug", status: "ACTIVE", onlineStore: true });
    const collection = shop.addCollection({ title: "Milk Jugs", published: true });
    const page = shop.addPage({ title: "Roastery Tours", isPublished: true });
    const { id: connectionId } = await saveShopifyConnection(deps(), {
      userId,
      connection: { storeName: "Deleting", storeUrl: STORE, accessToken: "shpat_changing", blogId: shop.blogs[0]!.id },
    });
    await runIndexer(connectionId, new Date(0));
    const titles = async () => (await readSiteLinks(db.prisma, userId)).map((link) => link.title);
    const gone = [product.title, collection.title, page.title, cupping.title];
    expect(await titles()).toEqual(expect.arrayContaining(gone));

    /** Runs the changes read that is due every few minutes; answers the store's requests it made. */
    const changesRead = async () => {
      const before = await job(connectionId);
      const from = fake.requests.length;
      await db.prisma.siteIndexJob.update({ where: { id: before.id }, data: { nextAttemptAt: new Date() } });
      await runIndexer(connectionId, before.updatedAt);
      const after = await job(connectionId);
      expect(after.indexedAt).toEqual(before.indexedAt); // not read in full again
      return fake.requests
        .slice(from)
        .filter((r) => r.shop === STORE)
        .map((r) => r.operationName);
    };
    // The first changes read counts the pages and articles; with nothing to compare with, it reads their ids once.
    expect(await changesRead()).toEqual(expect.arrayContaining(["SiteIndexPageIds", "SiteIndexArticleIds"]));
    // Nothing deleted since: the counts agree and no ids are read.
    const quiet = await changesRead();
    expect(quiet).toContain("SiteIndexContentCounts");
    expect(quiet).not.toContain("SiteIndexPageIds");
    expect(quiet).not.toContain("SiteIndexArticleIds");
    expect(await titles()).toEqual(expect.arrayContaining(gone));

    // Deleted in Shopify admin; one article is written meanwhile, so the articles' count alone has not changed.
    shop.deleteProduct(product.id);
    shop.deleteCollection(collection.id);
    shop.deletePage(page.id);
    shop.deleteArticle(cupping.id);
    await write("Brewing With Hard Water", true);
    expect(shop.events.filter((e) => e.action === "destroy").map((e) => e.subjectId)).toEqual(
      expect.arrayContaining([product.id, collection.id]),
    );
    const read = await changesRead();
    expect(read).toEqual(expect.arrayContaining(["SiteIndexDeletedItems", "SiteIndexPageIds", "SiteIndexArticleIds"]));
    const now = await titles();
    for (const title of gone) expect(now).not.toContain(title);
    expect(now).toContain("Brewing With Hard Water");
    // Nothing else left the index.
    expect(now).toEqual(expect.arrayContaining(shop.products.filter((p) => p.onlineStore).map((p) => p.title)));
    expect((await job(connectionId)).pagesIndexed).toBe(now.length);
  });

  it("retries a failed read as the same kind of read: a full read stays a full read until it succeeds", async () => {
    // A store of its own, so that the failures made below reach only its reads.
    const domain = "retrying-store.myshopify.com";
    const shop = fake.addShop({
      domain,
      accessToken: "shpat_retrying",
      blogs: [{ title: "Journal", handle: "journal" }],
      scopes: ["read_content", "write_content", "read_products"],
    });
    seedStoreContent(shop, { products: 12, collections: 3, pages: 2, unpublishedEvery: 0 });
    const userId = await seedUser(db, "Store retries");
    const { id: connectionId } = await saveShopifyConnection(deps(), {
      userId,
      connection: { storeName: "Retrying", storeUrl: domain, accessToken: "shpat_retrying", blogId: shop.blogs[0]!.id },
    });
    await runIndexer(connectionId, new Date(0));
    const headline = async () => {
      const [site] = await getSiteIndexStatus({ prisma: db.prisma }, { userId });
      return describeSiteIndexStatus(site!).headline;
    };
    /** Waits until the indexer has finished a read after `after` in `state`, and stops it. */
    const finished = async (state: "ready" | "failed", after: Date) => {
      await vi.waitFor(
        async () => {
          const row = await job(connectionId);
          if (row.state !== state || row.updatedAt <= after) throw new Error(`not ${state} yet: ${row.state}`);
        },
        { timeout: 60_000, interval: 50 },
      );
      await indexer?.stop();
      indexer = undefined;
    };
    /** Makes the job's read due now and runs the indexer until it has failed; answers the reason the owner sees. */
    const failingRead = async (operationName: string) => {
      const before = await job(connectionId);
      fake.failNext(domain, { status: 500 }, { operationName });
      await db.prisma.siteIndexJob.update({ where: { id: before.id }, data: { nextAttemptAt: new Date() } });
      indexer = createSiteIndexer(deps(), { instanceId: "test", intervalMs: 100 });
      indexer.start();
      await finished("failed", before.updatedAt);
      const [site] = await getSiteIndexStatus({ prisma: db.prisma }, { userId });
      return site!.error;
    };
    /** Runs the retry (made due now) until it succeeds; answers what the owner saw while it read the store. */
    const retry = async () => {
      const failed = await job(connectionId);
      let reached!: () => void;
      let release!: () => void;
      const waiting = new Promise<void>((resolve) => (reached = resolve));
      gate = { operation: "SiteIndex", reached, release: new Promise<void>((resolve) => (release = resolve)) };
      await db.prisma.siteIndexJob.update({ where: { id: failed.id }, data: { nextAttemptAt: new Date() } });
      indexer = createSiteIndexer(deps(), { instanceId: "test", intervalMs: 100 });
      indexer.start();
      await waiting;
      const during = await headline();
      gate = null;
      release();
      await finished("ready", failed.updatedAt);
      return during;
    };
    const reading = /^Reading your store: \d+ pages? so far$/;
    const checking = /pages indexed (just now|\d+ minutes? ago); checking for changes$/;

    // The owner's Retry asks for a full read, which fails; its retry reads the whole store again.
    const first = await job(connectionId);
    await requestSiteIndexRefresh({ prisma: db.prisma }, { userId });
    expect(await failingRead("SiteIndexProducts")).not.toBeNull();
    expect(await retry()).toMatch(reading);
    const reread = await job(connectionId);
    expect(reread.indexedAt!.getTime()).toBeGreaterThan(first.indexedAt!.getTime());
    expect(await headline()).toMatch(/pages indexed (just now|\d+ minutes? ago)$/);

    // A full read that fails twice is still a full read at its second retry.
    await requestSiteIndexRefresh({ prisma: db.prisma }, { userId });
    await failingRead("SiteIndexProducts");
    await failingRead("SiteIndexProducts");
    expect(await retry()).toMatch(reading);
    expect((await job(connectionId)).indexedAt!.getTime()).toBeGreaterThan(reread.indexedAt!.getTime());

    // The daily full re-read (the index a day old) that fails is retried as a full read too.
    const indexed = await job(connectionId);
    const dayOld = new Date(Date.now() - SITE_INDEX_STALE_AFTER_MS - 60_000);
    await db.prisma.siteIndexJob.update({ where: { id: indexed.id }, data: { indexedAt: dayOld } });
    await failingRead("SiteIndexProducts");
    expect(await retry()).toMatch(reading);
    expect((await job(connectionId)).indexedAt!.getTime()).toBeGreaterThan(dayOld.getTime());

    // A changes read that fails is retried as a changes read: the index is kept and checked, not read again.
    const ready = await job(connectionId);
    await failingRead("SiteIndexChangedProducts");
    expect(await headline()).not.toMatch(/reading/i);
    expect(await retry()).toMatch(checking);
    expect((await job(connectionId)).indexedAt).toEqual(ready.indexedAt);
  }, 120_000);
});
