// The site index of a WordPress site where WooCommerce runs holds its products too, read from WooCommerce's Store API
// (the stand-in in tests/support/wordpress): each product's name, permalink and first image, as a page of kind
// "product" that new posts link to and a refresh takes an image from. A product added or removed reaches the index at
// the next changes read; a site without WooCommerce is asked nothing of the Store API. Against the real WordPress.
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createWriter } from "../../core/src/ai/index.ts";
import { generatePost } from "../../core/src/blog/generate-post.ts";
import { saveWordpressConnection } from "../../core/src/connections/wordpress/save-wordpress-connection.ts";
import { generatePostSchema } from "../../core/src/contracts/blog.ts";
import { createSafeFetch, type SafeFetch } from "../../core/src/security/index.ts";
import { pickSiteLinks, readSiteLinks } from "../../core/src/site-index/index.ts";
import { createTestDatabase, type TestDatabase } from "../../core/src/testing/index.ts";
import { runSiteIndexerUntilRead } from "../support/run-site-indexer.ts";
import { seedUser } from "../support/scheduler/seed.ts";
import { startWordPress, type WordPressSite } from "../support/wordpress/start-wordpress.ts";
import {
  offerStoreApi,
  setProducts,
  withdrawStoreApi,
  type StandInProduct,
} from "../support/wordpress/woocommerce-store-api.ts";

let site: WordPressSite;
let safeFetch: SafeFetch;
let db: TestDatabase;
const encryptionKey = randomBytes(32);
/** Every address the service asked for. */
const asked: string[] = [];

const grinder: StandInProduct = {
  id: 31,
  name: "Burr Coffee Grinder",
  price: "89.00",
  image: { src: "http://127.0.0.1/wp-content/uploads/burr-grinder.jpg", alt: "A burr coffee grinder on a counter" },
};
const kettle: StandInProduct = {
  id: 32,
  name: "Gooseneck Kettle",
  price: "45.00",
  image: { src: "http://127.0.0.1/wp-content/uploads/gooseneck-kettle.jpg", alt: "A gooseneck kettle pouring" },
};
const filters: StandInProduct = { id: 33, name: "Paper Filters", price: "6.00" };
const scale: StandInProduct = {
  id: 34,
  name: "Coffee Scale with Timer",
  price: "29.00",
  image: { src: "http://127.0.0.1/wp-content/uploads/coffee-scale.jpg", alt: "A coffee scale with a timer" },
};

beforeAll(async () => {
  [site, db] = await Promise.all([startWordPress({}), createTestDatabase()]);
  safeFetch = createSafeFetch({
    allowPrivateNetworkTargets: false,
    allowedAddresses: ["127.0.0.1"],
    timeoutMs: 15_000,
  });
  const response = await site.rest("wp/v2/posts", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ title: "How to Clean a Coffee Grinder", status: "publish" }),
  });
  expect(response.status).toBe(201);
}, 600_000);

afterAll(async () => {
  await safeFetch?.close();
  await db?.close();
  await site?.stop();
});

const deps = () => ({
  prisma: db.prisma,
  encryptionKey,
  fetch: (input: string | URL, init?: RequestInit) => {
    asked.push(String(input));
    return safeFetch(input, init);
  },
  allowPrivateNetworkTargets: true,
  loadImage: async () => null,
  publicUrl: "http://127.0.0.1:5000",
});

const job = (connectionId: number) =>
  db.prisma.siteIndexJob.findUniqueOrThrow({
    where: { platform_connectionId: { platform: "wordpress", connectionId } },
  });

async function connect(name: string) {
  const userId = await seedUser(db, name);
  const { id: connectionId } = await saveWordpressConnection(deps(), {
    userId,
    connection: {
      siteName: "Roastery",
      siteUrl: site.url,
      username: site.adminUser,
      applicationPassword: site.applicationPassword,
      isActive: true,
    },
  });
  return { userId, connectionId };
}

/** The index's products by title. */
const products = async (userId: number) =>
  new Map((await readSiteLinks(db.prisma, userId)).filter((l) => l.kind === "product").map((l) => [l.title, l]));

/** Makes the job's changes read due now (as it is every few minutes) and runs it. */
async function readChanges(connectionId: number) {
  const before = await job(connectionId);
  await db.prisma.siteIndexJob.update({ where: { id: before.id }, data: { nextAttemptAt: new Date() } });
  await runSiteIndexerUntilRead(deps(), () => job(connectionId), before.updatedAt);
  const after = await job(connectionId);
  expect(after.indexedAt).toEqual(before.indexedAt); // not read in full again
}

describe("the site index of a WordPress site running WooCommerce", () => {
  it("holds the store's products with their permalinks and first images, and follows products added, removed and given another image", async () => {
    await offerStoreApi(site, [grinder, kettle, filters]);
    const { userId, connectionId } = await connect("Store");
    await runSiteIndexerUntilRead(deps(), () => job(connectionId), new Date(0));

    const indexed = await products(userId);
    expect([...indexed.keys()].sort()).toEqual(["Burr Coffee Grinder", "Gooseneck Kettle", "Paper Filters"]);
    expect(indexed.get("Burr Coffee Grinder")).toEqual({
      url: `${site.url}/product/burr-coffee-grinder/`,
      title: "Burr Coffee Grinder",
      kind: "product",
      image: { url: grinder.image!.src, alt: grinder.image!.alt },
    });
    expect(indexed.get("Paper Filters")?.image).toBeUndefined();
    // The posts are still there beside them, and a post about grinders links to the product as well as the post.
    const links = await readSiteLinks(db.prisma, userId);
    expect(links.map((l) => l.title)).toContain("How to Clean a Coffee Grinder");
    expect((await job(connectionId)).pagesIndexed).toBe(links.length);
    const picked = pickSiteLinks(links, { keyphrase: "burr grinder", keywords: [], title: "Choosing a burr grinder" });
    expect(picked.map((l) => l.title)).toContain("Burr Coffee Grinder");
    // The owner's first post, written by the offline writer, links to the product it is about.
    const { blogPost } = await generatePost(
      {
        prisma: db.prisma,
        writer: createWriter({ openai: { apiKey: undefined, baseUrl: undefined, model: "gpt-4o-mini" } }),
      },
      {
        userId,
        input: generatePostSchema.parse({
          title: "Choosing a burr coffee grinder for your kitchen",
          keywords: ["burr coffee grinder"],
          focusKeyphrase: "burr coffee grinder",
        }),
      },
    );
    const productUrl = `${site.url}/product/burr-coffee-grinder/`;
    expect(blogPost.links.map((link) => link.url)).toContain(productUrl);
    expect(blogPost.htmlContent).toContain(`href="${productUrl}"`);

    // A product added, one taken out of the store and one given another image reach the index at the next changes
    // read.
    const newImage = { src: "http://127.0.0.1/wp-content/uploads/burr-grinder-black.jpg", alt: "A black burr grinder" };
    await setProducts(site, [{ ...grinder, image: newImage }, filters, scale]);
    await readChanges(connectionId);
    const changed = await products(userId);
    expect([...changed.keys()].sort()).toEqual(["Burr Coffee Grinder", "Coffee Scale with Timer", "Paper Filters"]);
    expect(changed.get("Coffee Scale with Timer")?.image).toEqual({ url: scale.image!.src, alt: scale.image!.alt });
    expect(changed.get("Burr Coffee Grinder")?.image).toEqual({ url: newImage.src, alt: newImage.alt });
    expect((await job(connectionId)).pagesIndexed).toBe((await readSiteLinks(db.prisma, userId)).length);

    // A product removed alone (the store's count falls) also leaves at the next changes read.
    await setProducts(site, [{ ...grinder, image: newImage }, scale]);
    await readChanges(connectionId);
    expect([...(await products(userId)).keys()].sort()).toEqual(["Burr Coffee Grinder", "Coffee Scale with Timer"]);
  });

  it("asks the Store API only of a site where WooCommerce runs, on its full read and its changes read", async () => {
    const storeApiAsked = () => asked.filter((url) => url.includes("wc/store"));
    await offerStoreApi(site, [grinder]);
    const store = await connect("With a store");
    asked.length = 0;
    await runSiteIndexerUntilRead(deps(), () => job(store.connectionId), new Date(0));
    expect(storeApiAsked().length).toBeGreaterThan(0);
    asked.length = 0;
    await readChanges(store.connectionId);
    expect(storeApiAsked().length).toBeGreaterThan(0);

    await withdrawStoreApi(site);
    const { userId, connectionId } = await connect("Without a store");
    asked.length = 0;
    await runSiteIndexerUntilRead(deps(), () => job(connectionId), new Date(0));
    await readChanges(connectionId);
    expect(asked.length).toBeGreaterThan(0);
    expect(storeApiAsked()).toEqual([]);
    expect(await products(userId)).toEqual(new Map());
    expect((await readSiteLinks(db.prisma, userId)).map((l) => l.title)).toContain("How to Clean a Coffee Grinder");
  });
});
