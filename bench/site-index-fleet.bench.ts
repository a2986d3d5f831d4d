// `npm run bench -- site-index-fleet`: many connected stores indexed at once by two instances' site indexers (each
// with its own cost pacer and 4 readers, sharing one database), from the fake Shopify with Shopify's standard leaky
// bucket per store (1,000 points, 50 restored a second). Most stores are small; a few hold 2,000 products. Measured:
// the time until every store has its first index, against the bound concurrency and the rate limits set (the reads'
// own durations, from a store's first request to its index stored, spread over the 8 readers, or the slowest store's
// read, whichever is longer), and whether any store was read by both instances.
import { randomBytes } from "node:crypto";
import { ShopifyCostPacer } from "../core/src/publishing/shopify/index.ts";
import { encryptSecret } from "../core/src/security/index.ts";
import { createSiteIndexer, enqueueSiteIndex } from "../core/src/site-index/index.ts";
import { createTestDatabase } from "../core/src/testing/index.ts";
import { seedStoreContent, startFakeShopify } from "../tests/fakes/shopify/index.ts";
import { fmt } from "./support.ts";

const SMALL = 1000;
const LARGE = 3;
const LARGE_PRODUCTS = 2000;
const READERS = 4;
const BUCKET = { maximumAvailable: 1000, restoreRate: 50 };
const TOKEN = "shpat_fleet";

export default async function bench(): Promise<void> {
  const domains = [
    ...Array.from({ length: LARGE }, (_, i) => `large-${i}.myshopify.com`),
    ...Array.from({ length: SMALL }, (_, i) => `small-${i}.myshopify.com`),
  ];
  const fake = await startFakeShopify({
    shops: domains.map((domain) => ({
      domain,
      accessToken: TOKEN,
      scopes: ["read_content", "read_products"],
      blogs: [{ title: "News" }],
    })),
    throttle: BUCKET,
  });
  const db = await createTestDatabase({ maxConnections: 10 });
  const encryptionKey = randomBytes(32);
  try {
    for (const domain of domains) {
      const large = domain.startsWith("large-");
      seedStoreContent(fake.shop(domain), {
        products: large ? LARGE_PRODUCTS : 20,
        collections: large ? 20 : 2,
        pages: large ? 10 : 2,
        unpublishedEvery: 0,
      });
    }
    await db.prisma.user.createMany({
      data: domains.map((domain) => ({ email: `owner@${domain}`, password: "x" })),
    });
    const users = await db.prisma.user.findMany({ select: { id: true, email: true } });
    const userOf = new Map(users.map((u) => [u.email.slice("owner@".length), u.id]));
    const password = encryptSecret(TOKEN, encryptionKey);
    await db.prisma.shopifyConnection.createMany({
      data: domains.map((domain) => ({
        userId: userOf.get(domain)!,
        storeName: domain,
        storeUrl: `https://${domain}`,
        apiKey: "custom-app",
        password,
        blogId: fake.shop(domain).blogs[0]!.id,
      })),
    });
    const connections = await db.prisma.shopifyConnection.findMany({ select: { id: true, userId: true } });

    // Per store: which instances sent it requests, and when its first request went out.
    const instancesOf = new Map<string, Set<string>>();
    const firstRequestAt = new Map<string, number>();
    const tracked =
      (instance: string): typeof fetch =>
      async (input, init) => {
        const shop = new URL(String(input instanceof Request ? input.url : input)).pathname.split("/")[2] ?? "";
        instancesOf.set(shop, (instancesOf.get(shop) ?? new Set()).add(instance));
        if (!firstRequestAt.has(shop)) firstRequestAt.set(shop, Date.now());
        return fetch(input, init);
      };
    const indexers = ["a", "b"].map((instance) =>
      createSiteIndexer(
        {
          prisma: db.prisma,
          encryptionKey,
          fetch: tracked(instance),
          shopifyApiBaseUrl: fake.apiBaseUrlTemplate,
          shopifyPacer: new ShopifyCostPacer(),
        },
        { instanceId: instance, readers: READERS, intervalMs: 1000 },
      ),
    );

    // Every store connected (its job queued) at once; the time runs from the instances' start.
    for (const c of connections) {
      await enqueueSiteIndex({ prisma: db.prisma }, { userId: c.userId, platform: "shopify", connectionId: c.id });
    }
    const started = performance.now();
    for (const indexer of indexers) indexer.start();
    for (;;) {
      const waiting = await db.prisma.siteIndexJob.count({ where: { indexedAt: null } });
      if (waiting === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const seconds = (performance.now() - started) / 1000;
    await Promise.all(indexers.map((indexer) => indexer.stop()));

    const jobs = await db.prisma.siteIndexJob.findMany({
      select: { state: true, pagesIndexed: true, indexedAt: true, connectionId: true },
    });
    const domainOf = new Map(
      (await db.prisma.shopifyConnection.findMany({ select: { id: true, storeUrl: true } })).map((c) => [
        c.id,
        c.storeUrl.replace("https://", ""),
      ]),
    );
    const pages = jobs.reduce((sum, job) => sum + job.pagesIndexed, 0);
    const failed = jobs.filter((job) => job.state !== "ready").length;
    const both = [...instancesOf.values()].filter((set) => set.size > 1).length;
    const perInstance = (name: string) => [...instancesOf.values()].filter((set) => set.has(name)).length;
    const spans = jobs.map(
      (job) => (job.indexedAt!.getTime() - firstRequestAt.get(domainOf.get(job.connectionId)!)!) / 1000,
    );
    const busy = spans.reduce((sum, s) => sum + s, 0);
    const slowest = Math.max(...spans);
    const bound = Math.max(busy / (2 * READERS), slowest);
    console.log(
      `fleet: ${fmt(domains.length)} stores (${fmt(SMALL)} small, ${fmt(LARGE)} of ${fmt(LARGE_PRODUCTS)} products), ` +
        `${fmt(pages)} pages, first index of every store in ${fmt(seconds, 1)} s; ${fmt(failed)} not ready`,
    );
    console.log(
      `fleet: bound max(reads' time, first request to index stored, ${fmt(busy, 1)} s / ${2 * READERS} readers, slowest store ${fmt(slowest, 1)} s) = ` +
        `${fmt(bound, 1)} s; ratio ${fmt(seconds / bound, 2)}x`,
    );
    console.log(
      `fleet: stores read by both instances: ${fmt(both)}; by instance a ${fmt(perInstance("a"))}, b ${fmt(perInstance("b"))}`,
    );
  } finally {
    await db.close();
    await fake.close();
  }
}
