// Two scheduler instances share one database and race for 500 due posts on two platforms each. The remote keeps
// real state (articles by handle, a count of creations, random latency), so a publication sent twice, or two
// workers publishing one post at once, would show as an extra call, creation or refused duplicate. On PostgreSQL
// (TEST_DATABASE_URL) the instances have independent connection pools, as separate app instances would; on PGlite
// they share the one embedded database, which still exercises the claims and leases.
import { createDatabase, type Database } from "@postwright/core/db";
import { createScheduler, createPostHandle, schedulePost, type TargetResolver } from "@postwright/core/scheduling";
import { createTestDatabase, type TestDatabase } from "@postwright/core/testing";
import pLimit from "p-limit";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createRecordingRemote } from "../support/scheduler/recording-remote.ts";
import { seedPosts, seedUser } from "../support/scheduler/seed.ts";

const postCount = 500;
const platforms = ["shopify", "wordpress"] as const;
let db: TestDatabase;
const instanceDbs: Database[] = [];

beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  for (const instanceDb of instanceDbs) await instanceDb.close();
  await db.close();
});

async function databaseForInstance(): Promise<Database> {
  if (!db.url) return db;
  const own = await createDatabase({ databaseUrl: db.url, maxConnections: 5 });
  instanceDbs.push(own);
  return own;
}

it(`publishes ${postCount} posts on ${platforms.length} platforms exactly once with two instances`, async () => {
  const userId = await seedUser(db);
  const postIds = await seedPosts(db, userId, postCount);
  const due = new Date(Date.now() - 60_000);
  const limit = pLimit(4);
  await Promise.all(
    postIds.map((postId) =>
      limit(() =>
        schedulePost({ db }, { userId, postId, scheduledDate: due, platforms, now: new Date(due.getTime() - 60_000) }),
      ),
    ),
  );

  const remote = createRecordingRemote({ maxLatencyMs: 4 });
  const resolveTarget: TargetResolver = async ({ platform }) => remote.target(platform);
  const usage = new Map<number, number>();
  const onPublished = (id: number) => void usage.set(id, (usage.get(id) ?? 0) + 1);
  const instances = await Promise.all(
    ["instance-a", "instance-b"].map(async (instanceId) =>
      createScheduler({
        db: await databaseForInstance(),
        resolveTarget,
        onPublished,
        instanceId,
        concurrency: 8,
        batchSize: 10,
      }),
    ),
  );

  const started = performance.now();
  const results = await Promise.all(instances.map((s) => s.runUntilIdle()));
  const seconds = (performance.now() - started) / 1000;
  const publications = postCount * platforms.length;
  console.info(
    `${publications} publications by two instances on ${db.engine} in ${seconds.toFixed(1)} s ` +
      `(${(publications / seconds).toFixed(0)}/s; split ${results.map((r) => r.published).join(" + ")})`,
  );

  // Both instances took part, and together they published everything once, with nothing retried or lost.
  for (const result of results) expect(result.claimed).toBeGreaterThan(0);
  const total = results.reduce((sum, r) => ({
    claimed: sum.claimed + r.claimed,
    published: sum.published + r.published,
    failed: sum.failed + r.failed,
    retried: sum.retried + r.retried,
    held: sum.held + r.held,
    lost: sum.lost + r.lost,
  }));
  expect(total).toEqual({ claimed: publications, published: publications, failed: 0, retried: 0, held: 0, lost: 0 });

  // The remote saw one call and one creation per post and platform, and never a second article for a handle.
  expect(remote.stats).toEqual({ calls: publications, creations: publications, updates: 0, refusedDuplicates: 0 });
  expect([...remote.creations.values()].every((n) => n === 1)).toBe(true);
  expect(usage.get(userId)).toBe(publications);

  // The database agrees with the remote.
  const rows = await db.prisma.postPublication.findMany({ include: { post: true } });
  expect(rows).toHaveLength(publications);
  for (const row of rows) {
    const article = remote.articles.get(`${row.platform}:${createPostHandle(row.post)}`);
    expect(row).toMatchObject({ status: "published", attempts: 1, remoteId: article?.id, leaseOwner: null });
  }
  const posts = await db.prisma.blogPost.findMany({ where: { userId } });
  expect(posts.every((p) => p.status === "published" && !p.isScheduled && p.shopifyArticleId && p.wordpressPostId)).toBe(true);
}, 600_000);
