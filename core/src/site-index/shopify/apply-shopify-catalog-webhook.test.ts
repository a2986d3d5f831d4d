// Shopify's product and collection webhooks keep a store's index fresh: a product published, renamed, moved to a new
// handle, hidden or deleted is linked (or no longer linked) at once; a delivery repeated or older than the one applied
// changes nothing, and a deleted product stays removed.
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findOrCreateShopAccount, handleShopWebhook, type ShopWebhookDeps } from "../../shopify-shops/index.ts";
import { createTestDatabase, type TestDatabase } from "../../testing/index.ts";
import { getSiteIndexStatus } from "../get-site-index-status.ts";
import { readSiteLinks } from "../read-site-links.ts";

let db: TestDatabase;
let deps: ShopWebhookDeps;
const uploadDir = mkdtempSync(join(tmpdir(), "postwright-catalog-"));
let counter = 0;

beforeAll(async () => {
  db = await createTestDatabase();
  deps = { prisma: db.prisma, encryptionKey: randomBytes(32), uploadDir };
});
afterAll(async () => {
  await db.close();
  rmSync(uploadDir, { recursive: true, force: true });
});

/** An installed store whose first index was read: a page and a collection at its storefront (its primary domain). */
async function indexedStore(shop: string) {
  const { user } = await findOrCreateShopAccount(
    { prisma: db.prisma },
    { shop, name: "Brew", email: null, blogId: "gid://shopify/Blog/1" },
  );
  const connection = await db.prisma.shopifyConnection.findFirstOrThrow({ where: { userId: user.id } });
  const key = { userId: user.id, platform: "shopify", connectionId: connection.id };
  await db.prisma.siteIndexEntry.createMany({
    data: [
      { ...key, kind: "page", url: "https://brew.example/pages/about", title: "About us" },
      { ...key, kind: "collection", url: "https://brew.example/collections/coffee", title: "Coffee" },
    ],
  });
  await db.prisma.siteIndexJob.updateMany({
    where: { platform: "shopify", connectionId: connection.id },
    data: { state: "ready", indexedAt: new Date("2026-11-27T08:00:00Z"), pagesIndexed: 2 },
  });
  const pages = async () =>
    (
      await db.prisma.siteIndexEntry.findMany({ where: { ...key, kind: { not: "page" } }, orderBy: { url: "asc" } })
    ).map((e) => [e.url, e.title]);
  return { user, pages };
}

const deliver = (shop: string, topic: string, payload: object, webhookId = `catalog-${++counter}`) =>
  handleShopWebhook(deps, { shop, topic, webhookId, payload });

const product = (fields: object) => ({
  id: 8012,
  title: "Burr Grinder",
  handle: "burr-grinder",
  status: "active",
  published_at: "2026-11-27T09:00:00Z",
  updated_at: "2026-11-27T09:00:00Z",
  ...fields,
});

describe("Shopify catalogue webhooks on the site index", () => {
  it("adds a published product at the storefront's address, renames and moves it, and removes it when hidden", async () => {
    const shop = "catalog-a.myshopify.com";
    const { user, pages } = await indexedStore(shop);
    expect(await deliver(shop, "products/create", product({}))).toBe("applied");
    expect(await pages()).toContainEqual(["https://brew.example/products/burr-grinder", "Burr Grinder"]);
    expect((await getSiteIndexStatus({ prisma: db.prisma }, { userId: user.id }))[0]?.pagesIndexed).toBe(3);

    await deliver(
      shop,
      "products/update",
      product({ title: "Conical Burr Grinder", handle: "conical-grinder", updated_at: "2026-11-27T09:05:00Z" }),
    );
    expect(await pages()).toEqual([
      ["https://brew.example/collections/coffee", "Coffee"],
      ["https://brew.example/products/conical-grinder", "Conical Burr Grinder"],
    ]);
    // A generation reading the index (through its cache) sees the new title at once.
    await readSiteLinks(db.prisma, user.id);
    await deliver(
      shop,
      "products/update",
      product({ title: "Conical Grinder", handle: "conical-grinder", updated_at: "2026-11-27T09:06:00Z" }),
    );
    expect((await readSiteLinks(db.prisma, user.id)).map((link) => link.title)).toContain("Conical Grinder");

    // Its featured image as the webhook sends it (REST's image with src and alt) is kept with it, for refreshes.
    await deliver(
      shop,
      "products/update",
      product({
        title: "Conical Grinder",
        handle: "conical-grinder",
        updated_at: "2026-11-27T09:07:00Z",
        image: { src: "https://cdn.shopify.com/s/files/1/conical.jpg", alt: "A conical grinder" },
      }),
    );
    expect((await readSiteLinks(db.prisma, user.id)).find((link) => link.title === "Conical Grinder")?.image).toEqual({
      url: "https://cdn.shopify.com/s/files/1/conical.jpg",
      alt: "A conical grinder",
    });

    await deliver(
      shop,
      "products/update",
      product({ handle: "conical-grinder", status: "draft", updated_at: "2026-11-27T09:10:00Z" }),
    );
    expect(await pages()).toEqual([["https://brew.example/collections/coffee", "Coffee"]]);
  });

  it("ignores a repeated delivery and one older than the change applied", async () => {
    const shop = "catalog-b.myshopify.com";
    const { pages } = await indexedStore(shop);
    const newer = product({ title: "Grinder v2", updated_at: "2026-11-27T10:00:00Z" });
    await deliver(shop, "products/update", newer, "same-delivery");
    expect(await deliver(shop, "products/update", newer, "same-delivery")).toBe("duplicate");
    // The older update arrives last: the newer title stays.
    await deliver(shop, "products/update", product({ title: "Grinder v1", updated_at: "2026-11-27T09:30:00Z" }));
    expect(await pages()).toContainEqual(["https://brew.example/products/burr-grinder", "Grinder v2"]);
  });

  it("keeps a deleted product removed, even when an update sent before the deletion arrives after it", async () => {
    const shop = "catalog-c.myshopify.com";
    const { pages } = await indexedStore(shop);
    await deliver(shop, "products/create", product({}));
    await deliver(shop, "products/delete", { id: 8012 });
    await deliver(shop, "products/update", product({ title: "Late", updated_at: "2026-11-27T09:01:00Z" }));
    expect(await pages()).toEqual([["https://brew.example/collections/coffee", "Coffee"]]);
  });

  it("removes an unpublished collection and adds a published one", async () => {
    const shop = "catalog-d.myshopify.com";
    const { pages } = await indexedStore(shop);
    const collection = { id: 411, handle: "coffee", title: "Coffee", updated_at: "2026-11-27T09:00:00Z" };
    await deliver(shop, "collections/update", { ...collection, published_at: null });
    await deliver(shop, "collections/create", {
      id: 412,
      handle: "tea",
      title: "Loose Leaf Tea",
      published_at: "2026-11-27T09:00:00Z",
      updated_at: "2026-11-27T09:00:00Z",
    });
    expect(await pages()).toEqual([["https://brew.example/collections/tea", "Loose Leaf Tea"]]);
  });

  it("records a change made while the first index is being read without storing the page twice", async () => {
    const shop = "catalog-e.myshopify.com";
    const { user } = await findOrCreateShopAccount(
      { prisma: db.prisma },
      { shop, name: "New", email: null, blogId: null },
    );
    expect(await deliver(shop, "products/create", product({}))).toBe("applied");
    expect(await db.prisma.siteIndexEntry.count({ where: { userId: user.id } })).toBe(0);
    expect(
      await db.prisma.siteIndexChange.count({ where: { sourceId: "product:8012", url: { not: null } } }),
    ).toBeGreaterThan(0);
  });
});
