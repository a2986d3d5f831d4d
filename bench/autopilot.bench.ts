// The autopilot under a burst: 1,000 accounts whose plans each have one title with a slot in the same minute (within
// the day ahead, so all are due for preparation at once), prepared by two autopilot instances with a fixed number of
// preparations each (BENCH_AUTOPILOT_CONCURRENCY, default 16), against the OpenAI-compatible fake at 50 tokens a second
// per stream. Posts of about 600 words (BENCH_AUTOPILOT_WORDS) keep the run to minutes.
//
// Baselines measured in the same run, before the burst: one post written from the form on the idle system. The bound
// for the burst is what the concurrency allows: accounts x that time / (instances x concurrency). Reported: the time
// from the instances' start (slots given included) until every draft is prepared, the ratio to the bound (goal:
// within 1.25x), duplicates (a title with two posts, or posts beyond the titles: must be 0), and the time an owner at
// the form waits for a post during the burst against the idle time (goal: within 1.5x). PostgreSQL when reachable (a
// scratch database, one pool per instance), else PGlite (shared by both).
import { randomBytes } from "node:crypto";
import { createWriter } from "../core/src/ai/index.ts";
import { createAutopilot, type Autopilot } from "../core/src/autopilot/index.ts";
import { generatePost } from "../core/src/blog/generate-post.ts";
import { generatePostSchema } from "../core/src/contracts/blog.ts";
import { createDatabase, migrate, type Database } from "../core/src/db/index.ts";
import { startFakeOpenAI } from "../tests/fakes/openai/server.ts";
import { createScratchDatabase, fmt } from "./support.ts";

const ACCOUNTS = Number(process.env.BENCH_AUTOPILOT_ACCOUNTS) || 1000;
const CONCURRENCY = Number(process.env.BENCH_AUTOPILOT_CONCURRENCY) || 16;
const WORDS = Number(process.env.BENCH_AUTOPILOT_WORDS) || 600;
const INSTANCES = 2;
const TOKENS_PER_SECOND = 50;
const LATENCY_MS = 300;
const GOAL_BURST = 1.25;
const GOAL_FORM = 1.5;
const TIMEOUT_MS = 60 * 60_000;

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function seed(db: Database, slotTime: string): Promise<{ formUserId: number }> {
  const { prisma } = db;
  const tag = randomBytes(4).toString("hex");
  await prisma.user.createMany({
    data: Array.from({ length: ACCOUNTS + 1 }, (_, i) => ({
      email: `autopilot-${tag}-${i}@bench.example`,
      password: "x",
      subscriptionPlan: "professional",
      subscriptionStatus: "active",
    })),
  });
  const users = await prisma.user.findMany({
    where: { email: { startsWith: `autopilot-${tag}-` } },
    select: { id: true, email: true },
    orderBy: { id: "asc" },
  });
  const formUser = users.find((user) => user.email === `autopilot-${tag}-${ACCOUNTS}@bench.example`)!;
  const owners = users.filter((user) => user !== formUser);
  await prisma.wordpressConnection.createMany({
    data: owners.map((owner) => ({
      userId: owner.id,
      siteName: "Bench blog",
      siteUrl: `https://blog-${owner.id}.bench.example`,
      username: "bench",
      applicationPassword: "v1:unused",
    })),
  });
  const connections = await prisma.wordpressConnection.findMany({
    where: { userId: { in: owners.map((owner) => owner.id) } },
    select: { id: true, userId: true },
  });
  await prisma.contentPlan.createMany({
    data: connections.map((connection) => ({
      userId: connection.userId,
      name: "Bench plan",
      platform: "wordpress",
      connectionId: connection.id,
      weekdays: [1, 2, 3, 4, 5, 6, 7],
      publishTime: slotTime,
      timeZone: "UTC",
      postsAhead: 1,
    })),
  });
  const plans = await prisma.contentPlan.findMany({
    where: { userId: { in: owners.map((owner) => owner.id) } },
    select: { id: true },
  });
  await prisma.contentPlanItem.createMany({
    data: plans.map((plan, i) => ({
      planId: plan.id,
      position: 1,
      title: `Seasonal care guide number ${i + 1}`,
      keywords: ["seasonal care", "garden"],
    })),
  });
  return { formUserId: formUser.id };
}

export default async function bench(): Promise<void> {
  const fake = await startFakeOpenAI({ tokensPerSecond: TOKENS_PER_SECOND, latencyMs: LATENCY_MS });
  const scratch = await createScratchDatabase();
  const engine = scratch ? "PostgreSQL" : "PGlite";
  const databases: Database[] = [];
  const autopilots: Autopilot[] = [];
  try {
    const main = await createDatabase({ databaseUrl: scratch?.url, maxConnections: 10 });
    databases.push(main);
    await migrate(main);
    const writer = createWriter({
      openai: { apiKey: "bench", baseUrl: fake.url, model: "fake-model" },
      targetWords: WORDS,
    });
    // Every slot in the same minute, two hours from now: within the day ahead, so all are due for preparation.
    const slotTime = new Date(Date.now() + 2 * 3600_000).toISOString().slice(11, 16);
    const { formUserId } = await seed(main, slotTime);

    const formInput = (n: number) =>
      generatePostSchema.parse({
        title: `How to water a garden in summer, part ${n}`,
        keywords: ["watering", "garden"],
      });
    const formPost = async (n: number) => {
      const started = performance.now();
      await generatePost({ prisma: main.prisma, writer }, { userId: formUserId, input: formInput(n) });
      return performance.now() - started;
    };
    // The idle baseline: the median of three posts from the form with nothing else running.
    const idle = [await formPost(1), await formPost(2), await formPost(3)];
    const idleMs = median(idle);
    const boundMs = (ACCOUNTS * idleMs) / (INSTANCES * CONCURRENCY);

    for (let i = 0; i < INSTANCES; i++) {
      // On PostgreSQL each instance has its own pool, as two app instances would; PGlite is one embedded database.
      const db = scratch ? await createDatabase({ databaseUrl: scratch.url, maxConnections: CONCURRENCY + 4 }) : main;
      if (db !== main) databases.push(db);
      autopilots.push(
        createAutopilot({
          db,
          writer,
          instanceId: `bench-${i + 1}`,
          concurrency: CONCURRENCY,
          cronExpression: "*/30 * * * * *",
        }),
      );
    }

    const started = performance.now();
    for (const autopilot of autopilots) autopilot.start();
    const prepared = () =>
      main.prisma.contentPlanItem.count({ where: { postId: { not: null }, plan: { userId: { not: formUserId } } } });
    // Owners at the form during the burst: three posts, spread over its first half.
    const busy: number[] = [];
    const formDuringBurst = (async () => {
      for (let n = 4; n <= 6; n++) {
        await new Promise((resolve) => setTimeout(resolve, boundMs / 8));
        if ((await prepared()) >= ACCOUNTS) break;
        busy.push(await formPost(n));
      }
    })();
    let done = 0;
    let finishedMs = 0;
    while (performance.now() - started < TIMEOUT_MS) {
      done = await prepared();
      if (done >= ACCOUNTS) {
        finishedMs = performance.now() - started;
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    await formDuringBurst;
    await Promise.all(autopilots.map((autopilot) => autopilot.stop()));

    const [counts] = await main.prisma.$queryRaw<{ duplicates: number; posts: number }[]>`
      SELECT
        (SELECT COUNT(*)::int FROM (SELECT "userId" FROM "custom_blog_posts" WHERE "userId" <> ${formUserId}
           GROUP BY "userId" HAVING COUNT(*) > 1) AS twice) AS duplicates,
        (SELECT COUNT(*)::int FROM "custom_blog_posts" WHERE "userId" <> ${formUserId}) AS posts`;
    const { duplicates, posts } = counts!;
    const streams = fake.maxConcurrency();

    console.log(
      `${fmt(ACCOUNTS)} accounts, one title each, slots in the same minute; ${INSTANCES} instances x ${CONCURRENCY} ` +
        `preparations; fake model at ${TOKENS_PER_SECOND} tokens/s per stream; ~${WORDS}-word posts; ${engine}`,
    );
    console.log(`idle: a post from the form takes ${seconds(idleMs)} (median of ${idle.map(seconds).join(", ")})`);
    if (!finishedMs) {
      console.log(`burst: ${fmt(done)} of ${fmt(ACCOUNTS)} prepared when the run stopped after ${seconds(TIMEOUT_MS)}`);
      return;
    }
    const burstRatio = finishedMs / boundMs;
    console.log(
      `burst: every draft prepared after ${seconds(finishedMs)}; bound ${seconds(boundMs)} ` +
        `(${fmt(ACCOUNTS)} x ${seconds(idleMs)} / ${INSTANCES * CONCURRENCY}); ratio ${burstRatio.toFixed(2)}x ` +
        `(goal: within ${GOAL_BURST}x: ${burstRatio <= GOAL_BURST ? "met" : "not met"})`,
    );
    console.log(
      `exactly once: ${fmt(posts)} posts for ${fmt(ACCOUNTS)} titles, ${duplicates} titles with two posts ` +
        `(${duplicates === 0 && posts === ACCOUNTS ? "met" : "not met"}); most model streams at once: ${streams}`,
    );
    if (busy.length) {
      const busyMs = median(busy);
      const formRatio = busyMs / idleMs;
      console.log(
        `form during the burst: ${seconds(busyMs)} (median of ${busy.map(seconds).join(", ")}) against ` +
          `${seconds(idleMs)} idle; ratio ${formRatio.toFixed(2)}x (goal: within ${GOAL_FORM}x: ` +
          `${formRatio <= GOAL_FORM ? "met" : "not met"})`,
      );
    }
  } finally {
    await Promise.all(autopilots.map((autopilot) => autopilot.stop()));
    for (const db of databases) await db.close();
    await scratch?.drop();
    await fake.close();
  }
}
