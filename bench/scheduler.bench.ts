// 10,000 posts due in the same minute across 100 Shopify stores (100 posts each), published by two scheduler
// instances through the app's own wiring (connections, safe fetch, cost pacing), against the fake Shopify with its
// rate limits enforced (a leaky bucket per store: 1,000 points, 50 restored per second, Shopify's standard plan).
//
// The baseline is the least time the rate limits allow: a store can spend its full bucket at once, then only what
// flows back, so its 100 publications need at least (their total query cost - bucket size) / restore rate seconds;
// the bound is the largest over the stores. Reported: the time from the posts' due time until the last one is
// published, the bound, the ratio (goal: within 1.5x), and the duplicates (articles created twice: must be 0).
//
// The stores are served by a child process (the fake checks every query against Shopify's schema, which takes a
// core of its own); the two scheduler instances run here, each with its own database pool and its own view of each
// store's bucket, as two app instances would. PostgreSQL when reachable (a scratch database), else PGlite.
// BENCH_SCHEDULER_BATCH and BENCH_SCHEDULER_CONCURRENCY override the scheduler's settings for tuning;
// BENCH_CPU_PROF_DIR makes the fake's process write a CPU profile there (run this one with node --cpu-prof for its
// own). The processor time of every side is printed too (PostgreSQL's when its server runs on this machine): on a
// small machine it, not the rate limits, sets the pace.
import { fork, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import { createConnectionDeps, createPublishingDeps, type ConnectionDeps } from "../core/src/connections/index.ts";
import { createDatabase, migrate, type Database } from "../core/src/db/index.ts";
import { ShopifyCostPacer, createShopifyTarget } from "../core/src/publishing/shopify/index.ts";
import type { FetchLike } from "../core/src/publishing/wordpress/index.ts";
import { createScheduler, type Scheduler } from "../core/src/scheduling/index.ts";
import { encryptSecret } from "../core/src/security/index.ts";
import { startFakeShopify } from "../tests/fakes/shopify/index.ts";
import { createScratchDatabase, fmt } from "./support.ts";

const STORES = 100;
const POSTS_PER_STORE = 100;
const INSTANCES = 2;
const BUCKET = { maximumAvailable: 1000, restoreRate: 50 };
const GOAL_RATIO = 1.5;
const TIMEOUT_MS = 15 * 60_000;
const batchSize = Number(process.env.BENCH_SCHEDULER_BATCH) || undefined;
const concurrency = Number(process.env.BENCH_SCHEDULER_CONCURRENCY) || undefined;
const cpuProfileDir = process.env.BENCH_CPU_PROF_DIR;

/** A store of its own for measuring what one publication costs. */
const CALIBRATION = STORES;
const shopDomain = (i: number) => `bench-store-${i}.myshopify.com`;
const shopToken = (i: number) => `shpat_bench_${i}`;

/** The child process: serves the stores until told to stop, then reports what they hold. */
async function serveStores(): Promise<void> {
  const fake = await startFakeShopify({
    shops: [...Array.from({ length: STORES }, (_, i) => i), CALIBRATION].map((i) => ({
      domain: shopDomain(i),
      accessToken: shopToken(i),
      blogs: [{ title: "News", handle: "news" }],
    })),
    throttle: BUCKET,
  });
  // The request log would grow by 20,000 entries with their documents; only counts are needed.
  const requests = fake.requests;
  let throttled = 0;
  let graphql = 0;
  requests.push = (...entries) => {
    for (const e of entries) {
      if (e.kind === "graphql") graphql += 1;
      if (e.throttled) throttled += 1;
    }
    return requests.length;
  };
  const blogs = Object.fromEntries(
    [...Array.from({ length: STORES }, (_, i) => i), CALIBRATION].map((i) => [
      shopDomain(i),
      fake.shop(shopDomain(i)).blogs[0]!.id,
    ]),
  );
  process.send?.({ type: "ready", apiBaseUrlTemplate: fake.apiBaseUrlTemplate, blogs });
  let cpuAtMark = process.cpuUsage();
  process.on("message", (message: { type: string }) => {
    if (message.type === "mark") cpuAtMark = process.cpuUsage();
    if (message.type !== "report") return;
    let articles = 0;
    let duplicates = 0;
    for (let i = 0; i < STORES; i++) {
      const handles = fake.shop(shopDomain(i)).articles.map((a) => a.handle);
      articles += handles.length;
      duplicates += handles.length - new Set(handles).size;
    }
    const cpu = process.cpuUsage(cpuAtMark);
    const cpuMs = (cpu.user + cpu.system) / 1000;
    process.send?.({ type: "report", articles, duplicates, graphql, throttled, cpuMs }, () => {
      void fake.close().then(() => process.exit(0));
    });
  });
}

interface StoresReport {
  /** Processor time the fake Shopify used since the mark (when the schedulers started). */
  cpuMs: number;
  articles: number;
  duplicates: number;
  graphql: number;
  throttled: number;
}

async function startStores(): Promise<{
  child: ChildProcess;
  apiBaseUrlTemplate: string;
  blogs: Record<string, string>;
  mark(): void;
  report(): Promise<StoresReport>;
}> {
  const child = fork(fileURLToPath(import.meta.url), ["--serve-stores"], {
    execArgv: ["--import", "tsx", ...(cpuProfileDir ? ["--cpu-prof", `--cpu-prof-dir=${cpuProfileDir}`] : [])],
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  const ready = await new Promise<{ apiBaseUrlTemplate: string; blogs: Record<string, string> }>((resolve, reject) => {
    child.once("message", resolve as (m: unknown) => void);
    child.once("exit", (code) => reject(new Error(`the fake Shopify process exited (${code})`)));
  });
  return {
    child,
    ...ready,
    mark: () => child.send({ type: "mark" }),
    report: () =>
      new Promise((resolve) => {
        child.once("message", resolve as (m: unknown) => void);
        child.send({ type: "report" });
      }),
  };
}

/**
 * Processor time (ms) used so far by the PostgreSQL server's processes on this machine (all its databases), ended
 * backends included (they are counted in their parent's children time); null where it cannot be read (a server on
 * another machine, no /proc).
 */
function postgresCpuMs(): number | null {
  const ticksPerSecond = 100;
  let ticks = 0;
  let found = false;
  let pids: string[];
  try {
    pids = readdirSync("/proc").filter((name) => /^\d+$/.test(name));
  } catch {
    return null;
  }
  for (const pid of pids) {
    let stat: string;
    try {
      stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    } catch {
      continue;
    }
    const close = stat.lastIndexOf(")");
    if (stat.slice(stat.indexOf("(") + 1, close) !== "postgres") continue;
    found = true;
    // After the name come the state (field 3) and so on: utime, stime, cutime and cstime are fields 14 to 17.
    const fields = stat.slice(close + 2).split(" ");
    ticks += fields.slice(11, 15).reduce((sum, v) => sum + Number(v), 0);
  }
  return found ? (ticks / ticksPerSecond) * 1000 : null;
}

/** Users with one connected store each, and their posts, all due at `dueAt` (as schedulePost leaves them). */
async function seed(db: Database, blogs: Record<string, string>, encryptionKey: Buffer, dueAt: Date): Promise<void> {
  const { prisma } = db;
  const tag = randomBytes(3).toString("hex");
  await prisma.user.createMany({
    data: Array.from({ length: STORES }, (_, i) => ({
      email: `bench-${tag}-${i}@example.com`,
      password: "x",
      firstName: "Bench",
      lastName: `Writer ${i}`,
      subscriptionPlan: "starter",
      subscriptionStatus: "active",
    })),
  });
  const users = await prisma.user.findMany({
    where: { email: { startsWith: `bench-${tag}-` } },
    orderBy: { id: "asc" },
    select: { id: true },
  });
  await prisma.shopifyConnection.createMany({
    data: users.map((u, i) => ({
      userId: u.id,
      storeName: `Store ${i}`,
      storeUrl: `https://${shopDomain(i)}`,
      apiKey: "custom-app",
      password: encryptSecret(shopToken(i), encryptionKey),
      blogId: blogs[shopDomain(i)]!,
    })),
  });
  // Interleaved, as many users' posts are: post n belongs to store n % STORES.
  const total = STORES * POSTS_PER_STORE;
  for (let start = 0; start < total; start += 1000) {
    await prisma.blogPost.createMany({
      data: Array.from({ length: Math.min(1000, total - start) }, (_, k) => {
        const n = start + k;
        return {
          userId: users[n % STORES]!.id,
          title: `Bench post ${n} about brewing coffee`,
          content: "Grind, bloom, pour.",
          htmlContent: "<h2>Brewing</h2><p>Grind, bloom, pour.</p>",
          metaDescription: "A short guide to brewing coffee.",
          keywords: ["coffee", "brewing"],
          status: "scheduled",
          isScheduled: true,
          scheduledPublishDate: dueAt,
          scheduledPlatforms: ["shopify"],
        };
      }),
    });
  }
  const posts = await prisma.blogPost.findMany({
    where: { userId: { in: users.map((u) => u.id) } },
    select: { id: true, userId: true },
    orderBy: { id: "asc" },
  });
  for (let start = 0; start < posts.length; start += 1000) {
    await prisma.postPublication.createMany({
      data: posts.slice(start, start + 1000).map((p) => ({
        postId: p.id,
        userId: p.userId,
        platform: "shopify",
        status: "pending",
        dueAt,
      })),
    });
  }
}

/**
 * The query cost Shopify charges for one publication (the actualQueryCost of each call), measured on the calibration
 * store with the same client and post shape as the run. Every publication of the run is a first publication of a post
 * like this one, so each costs the same.
 */
async function costOfOnePublication(connections: ConnectionDeps, blogId: string): Promise<number> {
  let charged = 0;
  const recording: FetchLike = async (input, init) => {
    const response = await connections.fetch(input, init);
    const body = (await response.clone().json()) as { extensions?: { cost?: { actualQueryCost: number | null } } };
    charged += body.extensions?.cost?.actualQueryCost ?? 0;
    return response;
  };
  const target = createShopifyTarget(
    { storeUrl: shopDomain(CALIBRATION), accessToken: shopToken(CALIBRATION), blogId },
    {
      fetch: recording as typeof fetch,
      loadImage: connections.loadImage,
      apiBaseUrl: connections.shopifyApiBaseUrl,
      pacer: new ShopifyCostPacer(),
    },
  );
  await target.publish(
    {
      id: 1,
      title: "Bench post 1 about brewing coffee",
      html: "<h2>Brewing</h2><p>Grind, bloom, pour.</p>",
      metaDescription: "A short guide to brewing coffee.",
      seoTitle: null,
      slug: null,
      focusKeyphrase: null,
      keywords: ["coffee", "brewing"],
      images: [],
      handle: "bench-post-1-about-brewing-coffee-pw1",
      author: "Bench Writer",
    },
    { remoteId: null },
  );
  return charged;
}

export default async function bench(): Promise<void> {
  const stores = await startStores();
  const scratch = await createScratchDatabase();
  const engine = scratch ? "PostgreSQL" : "PGlite";
  const databases: Database[] = [];
  const schedulers: Scheduler[] = [];
  try {
    const main = await createDatabase({ databaseUrl: scratch?.url, maxConnections: 10 });
    databases.push(main);
    await migrate(main);
    const encryptionKey = randomBytes(32);
    let costPerPublication = 0;

    let started = performance.now();
    await seed(main, stores.blogs, encryptionKey, new Date(Date.now() + 60 * 60_000));
    const seedMs = performance.now() - started;

    let published = 0;
    let lastPublishedAt = 0;
    for (let i = 0; i < INSTANCES; i++) {
      // PGlite is one embedded database: both instances share it. On PostgreSQL each has its own pool.
      const db = scratch ? await createDatabase({ databaseUrl: scratch.url, maxConnections: 10 }) : main;
      if (db !== main) databases.push(db);
      const connections = createConnectionDeps({
        prisma: db.prisma,
        config: {
          encryptionKey,
          allowPrivateNetworkTargets: true,
          uploadDir: "/nonexistent",
          appUrl: "http://localhost",
        },
        shopifyApiBaseUrl: stores.apiBaseUrlTemplate,
      });
      if (i === 0) costPerPublication = await costOfOnePublication(connections, stores.blogs[shopDomain(CALIBRATION)]!);
      // Each instance paces the stores by its own view of their buckets, as separate processes would.
      const deps = createPublishingDeps({ ...connections, shopifyPacer: new ShopifyCostPacer() }, db);
      const onPublished = deps.onPublished!;
      schedulers.push(
        createScheduler({
          ...deps,
          onPublished: async (userId, event) => {
            published += 1;
            lastPublishedAt = Date.now();
            await onPublished(userId, event);
          },
          instanceId: `bench-${i}`,
          ...(batchSize ? { batchSize } : {}),
          ...(concurrency ? { concurrency } : {}),
        }),
      );
    }
    // All due on the schedulers' next 15-second mark, at least 3 s from now, when their timers fire.
    const dueAt = new Date(Math.ceil((Date.now() + 3_000) / 15_000) * 15_000);
    await main.prisma.postPublication.updateMany({ data: { dueAt } });
    await main.prisma.blogPost.updateMany({ data: { scheduledPublishDate: dueAt } });
    stores.mark();
    const cpuAtStart = process.cpuUsage();
    const postgresAtStart = scratch ? postgresCpuMs() : null;
    for (const scheduler of schedulers) scheduler.start();

    const total = STORES * POSTS_PER_STORE;
    started = performance.now();
    // Until every publication is settled (published, or failed for good); retries wait for their time.
    const unsettled = () => main.prisma.postPublication.count({ where: { status: { in: ["pending", "publishing"] } } });
    while (performance.now() - started < TIMEOUT_MS) {
      await new Promise((r) => setTimeout(r, 500));
      if (published >= total || (Date.now() > dueAt.getTime() && (await unsettled()) === 0)) break;
    }
    await Promise.all(schedulers.map((s) => s.stop()));
    const wallMs = lastPublishedAt - dueAt.getTime();
    const cpu = process.cpuUsage(cpuAtStart);
    const schedulersCpuMs = (cpu.user + cpu.system) / 1000;
    const postgresAtEnd = postgresAtStart === null ? null : postgresCpuMs();
    const postgresMs = postgresAtStart === null || postgresAtEnd === null ? null : postgresAtEnd - postgresAtStart;

    const counts = await main.prisma.postPublication.groupBy({ by: ["status"], _count: true });
    const report = await stores.report();
    const costPerStore = costPerPublication * POSTS_PER_STORE;
    // Every store has the same bucket and the same number of publications: the bound is the same for each.
    const boundMs = (Math.max(0, costPerStore - BUCKET.maximumAvailable) / BUCKET.restoreRate) * 1000;
    const settings = `batch ${batchSize ?? "default"}, concurrency ${concurrency ?? "default"} per instance`;
    console.log(
      `${fmt(total)} posts due at once on ${STORES} stores, ${INSTANCES} scheduler instances (${settings}) on ${engine};` +
        ` seeded in ${fmt(seedMs / 1000, 1)} s`,
    );
    console.log(
      `rate limits: ${BUCKET.maximumAvailable} points per store, ${BUCKET.restoreRate}/s restored; a publication costs` +
        ` ${costPerPublication} points, ${fmt(costPerStore)} for a store's ${POSTS_PER_STORE}`,
    );
    console.log(`lower bound set by the rate limits: ${fmt(boundMs / 1000, 1)} s`);
    console.log(
      `time until the last was published:  ${fmt(wallMs / 1000, 1)} s (${fmt(published)} published;` +
        ` ${counts.map((c) => `${c.status} ${c._count}`).join(", ")})`,
    );
    // The processor time every side needs, spread over every core, is the least time this machine can take (PGlite
    // runs inside the schedulers' process; a PostgreSQL server counts when it runs on this machine): when it exceeds
    // the rate limits' bound, the machine is the limit. Both instances run in this one process, on one core at a time.
    const machineFloorMs = (schedulersCpuMs + report.cpuMs + (postgresMs ?? 0)) / availableParallelism();
    const perPublication = (ms: number) => `${fmt(ms / published, 2)} ms a publication`;
    const database = !scratch
      ? "the embedded database included in the schedulers'"
      : postgresMs === null
        ? "PostgreSQL's share unknown (not on this machine)"
        : `PostgreSQL ${fmt(postgresMs / 1000, 1)} s (${perPublication(postgresMs)})`;
    console.log(
      `processor time while publishing: schedulers ${fmt(schedulersCpuMs / 1000, 1)} s (${perPublication(schedulersCpuMs)}),` +
        ` fake Shopify ${fmt(report.cpuMs / 1000, 1)} s (${perPublication(report.cpuMs)}), ${database}:` +
        ` at least ${fmt(machineFloorMs / 1000, 1)} s on this machine's ${availableParallelism()} cores`,
    );
    console.log(
      `ratio to the bound: ${(wallMs / boundMs).toFixed(2)}x (goal: within ${GOAL_RATIO}x: ` +
        `${wallMs <= boundMs * GOAL_RATIO && published === total ? "met" : "not met"}); ` +
        `duplicates: ${report.duplicates} (${fmt(report.articles)} articles, ${fmt(report.graphql)} GraphQL calls,` +
        ` ${fmt(report.throttled)} throttled)`,
    );
  } finally {
    await Promise.all(schedulers.map((s) => s.stop()));
    for (const db of databases) await db.close();
    await scratch?.drop();
    if (stores.child.exitCode === null) stores.child.kill();
  }
}

if (process.argv.includes("--serve-stores")) await serveStores();
else if (import.meta.url === `file://${process.argv[1]}`) await bench();
