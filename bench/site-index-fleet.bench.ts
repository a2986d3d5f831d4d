// `npm run bench -- site-index-fleet`: many connected stores indexed at once by two instances' site indexers (each
// with its own cost pacer and 4 readers, sharing one database), from the fake Shopify with Shopify's standard leaky
// bucket per store (1,000 points, 50 restored a second). Most stores are small; a few are large, spread through the
// order they were connected in. Measured: the time until every store has its first index, against the bound
// concurrency and the rate limits set, whether any store was read by both instances (and by both at once), and how
// long a product change (Shopify's webhook, as the app's route applies it) takes to reach the index of a store while
// the fleet is being read.
//
// The bound is the longer of two: the reads' own durations (from a store's first request to its index stored) spread
// over all the readers, or the slowest store's read; and what the rate limits alone impose (each store's points beyond
// its full bucket at the restore rate, spread over the readers, or the slowest store's). Time beyond it is readers
// left idle, claims waiting, or one site's read held up by others.
//
// The quick run (default): 1,003 stores, 3 of 2,000 products. The scale case:
//   npm run bench -- site-index-fleet --sites 10000
// (10,000 stores, 10 of 5,000 products); `--large`, `--large-products` and `--readers` change the mix. PostgreSQL when
// TEST_DATABASE_URL names a server, else embedded PGlite. With `--processes` (PostgreSQL only), each instance runs in a
// child process of its own (bench/site-index-fleet-instance.ts), as deployed instances do, instead of both in the
// benchmark's process beside the fake Shopify.
import { fork } from "node:child_process";
import { randomBytes } from "node:crypto";
import { fileURLToPath } from "node:url";
import { ShopifyCostPacer } from "../core/src/publishing/shopify/index.ts";
import { encryptSecret } from "../core/src/security/index.ts";
import {
  applyShopifyCatalogWebhook,
  createSiteIndexer,
  enqueueSiteIndex,
  readSiteLinks,
} from "../core/src/site-index/index.ts";
import { createTestDatabase, testDatabaseServer } from "../core/src/testing/index.ts";
import { seedStoreContent, startFakeShopify } from "../tests/fakes/shopify/index.ts";
import type { FleetInstanceMessage, FleetInstanceSetup } from "./site-index-fleet-instance.ts";
import { benchNumber, fmt } from "./support.ts";

const BUCKET = { maximumAvailable: 1000, restoreRate: 50 };
const TOKEN = "shpat_fleet";
const INSTANCES = ["a", "b"];
/** Product changes timed while the fleet is read. */
const CHANGES = 40;

interface Instance {
  start(): void;
  stop(): Promise<void>;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

export default async function bench(): Promise<void> {
  const sites = benchNumber("sites", 1003);
  const scale = sites >= 10_000;
  const LARGE = Math.min(sites, benchNumber("large", scale ? 10 : 3));
  const LARGE_PRODUCTS = benchNumber("large-products", scale ? 5000 : 2000);
  const READERS = benchNumber("readers", 4);
  const PROCESSES = process.argv.slice(2).includes("--processes");
  const SMALL = sites - LARGE;
  // Large stores spread evenly through the order the stores were connected in.
  const largeAt = new Set(Array.from({ length: LARGE }, (_, i) => Math.floor(((i + 0.5) * sites) / LARGE)));
  let small = 0;
  let large = 0;
  const domains = Array.from({ length: sites }, (_, i) =>
    largeAt.has(i) ? `large-${large++}.myshopify.com` : `small-${small++}.myshopify.com`,
  );
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
    if (PROCESSES && !db.url) {
      throw new Error("--processes needs PostgreSQL (TEST_DATABASE_URL): the embedded database has one process only.");
    }
    for (const domain of domains) {
      const isLarge = domain.startsWith("large-");
      seedStoreContent(fake.shop(domain), {
        products: isLarge ? LARGE_PRODUCTS : 20,
        collections: isLarge ? 20 : 2,
        pages: isLarge ? 10 : 2,
        unpublishedEvery: 0,
      });
    }
    for (let i = 0; i < domains.length; i += 1000) {
      await db.prisma.user.createMany({
        data: domains.slice(i, i + 1000).map((domain) => ({ email: `owner@${domain}`, password: "x" })),
      });
    }
    const users = await db.prisma.user.findMany({ select: { id: true, email: true } });
    const userOf = new Map(users.map((u) => [u.email.slice("owner@".length), u.id]));
    const password = encryptSecret(TOKEN, encryptionKey);
    for (let i = 0; i < domains.length; i += 1000) {
      await db.prisma.shopifyConnection.createMany({
        data: domains.slice(i, i + 1000).map((domain) => ({
          userId: userOf.get(domain)!,
          storeName: domain,
          storeUrl: `https://${domain}`,
          apiKey: "custom-app",
          password,
          blogId: fake.shop(domain).blogs[0]!.id,
        })),
      });
    }
    const connections = await db.prisma.shopifyConnection.findMany({
      select: { id: true, userId: true, storeUrl: true },
      orderBy: { id: "asc" },
    });
    const domainOf = new Map(connections.map((c) => [c.id, c.storeUrl.replace("https://", "")]));

    // Per store and instance: the first and last request it sent; per store: the points its reads cost (large ones:
    // the small ones' reads cost less than the full bucket, so the limits never hold them up).
    const spansOf = new Map<string, Map<string, { first: number; last: number }>>();
    const pointsOf = new Map<string, number>();
    const tracked =
      (instance: string): typeof fetch =>
      async (input, init) => {
        const shop = new URL(String(input instanceof Request ? input.url : input)).pathname.split("/")[2] ?? "";
        const now = Date.now();
        const byInstance = spansOf.get(shop) ?? new Map<string, { first: number; last: number }>();
        spansOf.set(shop, byInstance);
        const span = byInstance.get(instance);
        if (span) span.last = now;
        else byInstance.set(instance, { first: now, last: now });
        const response = await fetch(input, init);
        if (shop.startsWith("large-")) {
          const body = (await response.clone().json()) as { extensions?: { cost?: { actualQueryCost?: number } } };
          pointsOf.set(shop, (pointsOf.get(shop) ?? 0) + (body.extensions?.cost?.actualQueryCost ?? 0));
        }
        byInstance.get(instance)!.last = Date.now();
        return response;
      };
    const readyAt = new Map<number, number>();
    /** An instance in a child process of its own: its site indexer, on the same database and fake Shopify. */
    const childInstance = async (instance: string): Promise<Instance> => {
      const setup: FleetInstanceSetup = {
        databaseUrl: db.url!,
        encryptionKeyHex: encryptionKey.toString("hex"),
        shopifyApiBaseUrl: fake.apiBaseUrlTemplate,
        instanceId: instance,
        readers: READERS,
      };
      const child = fork(fileURLToPath(new URL("./site-index-fleet-instance.ts", import.meta.url)), {
        execArgv: ["--import", "tsx"],
        env: { ...process.env, FLEET_INSTANCE: JSON.stringify(setup) },
        stdio: ["ignore", "inherit", "inherit", "ipc"],
      });
      let stopped: (() => void) | undefined;
      const started = new Promise<void>((resolve, reject) => {
        child.once("exit", (code) => reject(new Error(`instance ${instance} exited (${code})`)));
        child.on("message", (message: FleetInstanceMessage) => {
          if (message.type === "started") resolve();
          if (message.type === "ready" && !readyAt.has(message.jobId)) readyAt.set(message.jobId, message.at);
          if (message.type === "stopped") {
            for (const [shop, first, last] of message.spans) {
              const byInstance = spansOf.get(shop) ?? new Map<string, { first: number; last: number }>();
              spansOf.set(shop, byInstance);
              byInstance.set(instance, { first, last });
            }
            for (const [shop, points] of message.points) pointsOf.set(shop, (pointsOf.get(shop) ?? 0) + points);
            stopped?.();
          }
        });
      });
      await started;
      return {
        start: () => child.send({ type: "start" }),
        stop: () =>
          new Promise<void>((resolve) => {
            stopped = resolve;
            child.send({ type: "stop" });
          }),
      };
    };
    const indexers: Instance[] = PROCESSES
      ? await Promise.all(INSTANCES.map(childInstance))
      : INSTANCES.map((instance) =>
          createSiteIndexer(
            {
              prisma: db.prisma,
              encryptionKey,
              fetch: tracked(instance),
              shopifyApiBaseUrl: fake.apiBaseUrlTemplate,
              shopifyPacer: new ShopifyCostPacer(),
            },
            {
              instanceId: instance,
              readers: READERS,
              intervalMs: 1000,
              onOutcome: (outcome, jobId) => {
                if (outcome === "ready" && !readyAt.has(jobId)) readyAt.set(jobId, Date.now());
              },
            },
          ),
        );

    // Every store connected (its job queued) at once; the time runs from the instances' start.
    for (let i = 0; i < connections.length; i += 20) {
      await Promise.all(
        connections
          .slice(i, i + 20)
          .map((c) =>
            enqueueSiteIndex({ prisma: db.prisma }, { userId: c.userId, platform: "shopify", connectionId: c.id }),
          ),
      );
    }
    const jobOf = new Map(
      (await db.prisma.siteIndexJob.findMany({ select: { id: true, connectionId: true, userId: true } })).map((j) => [
        j.id,
        j,
      ]),
    );
    const started = performance.now();
    for (const indexer of indexers) indexer.start();

    // Meanwhile, product changes to stores already indexed, as Shopify's webhook delivers them (the route's work once
    // the HMAC is checked), each timed until a generation reading the store's index sees it.
    const changeMs: number[] = [];
    let done = false;
    const changes = (async () => {
      for (let i = 0; i < CHANGES && !done;) {
        await new Promise((resolve) => setTimeout(resolve, 1000));
        const ready = [...readyAt.keys()];
        const job = jobOf.get(ready[Math.floor(Math.random() * ready.length)] ?? -1);
        if (!job) continue;
        const shop = domainOf.get(job.connectionId)!;
        const title = `Renamed in the fleet ${i}`;
        const at = performance.now();
        await db.prisma.$transaction((tx) =>
          applyShopifyCatalogWebhook(tx, {
            userId: job.userId,
            shop,
            topic: "PRODUCTS_UPDATE",
            now: new Date(),
            payload: {
              id: 900_000 + i,
              title,
              handle: `fleet-change-${i}`,
              status: "active",
              published_at: "2026-11-27T08:00:00Z",
              updated_at: new Date().toISOString(),
            },
          }),
        );
        while (!(await readSiteLinks(db.prisma, job.userId)).some((page) => page.title === title)) {
          await new Promise((resolve) => setTimeout(resolve, 5));
        }
        changeMs.push(performance.now() - at);
        i++;
      }
    })();

    for (;;) {
      const waiting = await db.prisma.siteIndexJob.count({ where: { indexedAt: null } });
      if (waiting === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const seconds = (performance.now() - started) / 1000;
    done = true;
    await changes;
    await Promise.all(indexers.map((indexer) => indexer.stop()));

    const jobs = await db.prisma.siteIndexJob.findMany({
      select: { state: true, pagesIndexed: true, indexedAt: true, connectionId: true },
    });
    const pages = jobs.reduce((sum, job) => sum + job.pagesIndexed, 0);
    const failed = jobs.filter((job) => job.state !== "ready").length;
    const both = [...spansOf.values()].filter((byInstance) => byInstance.size > 1).length;
    const atOnce = [...spansOf.values()].filter((byInstance) => {
      const spans = [...byInstance.values()];
      return spans.some((a, i) => spans.some((b, j) => i !== j && a.first <= b.last && b.first <= a.last));
    }).length;
    const perInstance = (name: string) => [...spansOf.values()].filter((byInstance) => byInstance.has(name)).length;
    const firstRequestAt = (domain: string) => Math.min(...[...spansOf.get(domain)!.values()].map((s) => s.first));
    const spans = jobs.map(
      (job) => (job.indexedAt!.getTime() - firstRequestAt(domainOf.get(job.connectionId)!)) / 1000,
    );
    const readers = INSTANCES.length * READERS;
    const busy = spans.reduce((sum, s) => sum + s, 0);
    const slowest = spans.reduce((max, s) => Math.max(max, s), 0);
    const readsBound = Math.max(busy / readers, slowest);
    const floors = [...pointsOf.values()].map(
      (points) => Math.max(0, points - BUCKET.maximumAvailable) / BUCKET.restoreRate,
    );
    const limitsTotal = floors.reduce((sum, s) => sum + s, 0);
    const limitsSlowest = floors.reduce((max, s) => Math.max(max, s), 0);
    const limitsBound = Math.max(limitsTotal / readers, limitsSlowest);
    const bound = Math.max(readsBound, limitsBound);
    console.log(
      `fleet: ${fmt(domains.length)} stores (${fmt(SMALL)} small, ${fmt(LARGE)} of ${fmt(LARGE_PRODUCTS)} products), ` +
        `${fmt(pages)} pages, on ${testDatabaseServer() ? "PostgreSQL" : "embedded PGlite"}, ${INSTANCES.length} instances ` +
        `${PROCESSES ? "each in its own process" : "in the benchmark's process"} ` +
        `of ${READERS} readers; first index of every store in ${fmt(seconds, 1)} s; ${fmt(failed)} not ready`,
    );
    console.log(
      `fleet: bound = max(reads' own time ${fmt(busy, 1)} s / ${readers} readers or the slowest store's ${fmt(slowest, 1)} s ` +
        `= ${fmt(readsBound, 1)} s; the limits alone: points beyond the bucket ${fmt(limitsTotal, 1)} s / ${readers} readers ` +
        `or the slowest store's ${fmt(limitsSlowest, 1)} s = ${fmt(limitsBound, 1)} s) = ${fmt(bound, 1)} s; ` +
        `ratio ${fmt(seconds / bound, 2)}x`,
    );
    console.log(
      `fleet: stores read by both instances: ${fmt(both)}, by both at once: ${fmt(atOnce)}; ` +
        `by instance a ${fmt(perInstance("a"))}, b ${fmt(perInstance("b"))}`,
    );
    console.log(
      `fleet: a product change (webhook) in the index while the fleet is read: ${fmt(changeMs.length)} changes, ` +
        `median ${fmt(median(changeMs), 1)} ms, max ${fmt(Math.max(...changeMs), 1)} ms`,
    );
  } finally {
    await db.close();
    await fake.close();
  }
}
