// A scheduler process is killed (SIGKILL) in the worst place: the remote platform has created an article but the
// process never hears of it, so the database still says "publishing". A scheduler started afterwards must publish
// everything (nothing lost) without creating any article twice (nothing doubled): it takes over the expired
// leases and the remote finds the orphaned article by the post's handle. On PostgreSQL (TEST_DATABASE_URL) the
// child uses a fresh test database; otherwise an embedded PGlite data folder that the child owns while it runs.
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createDatabase, migrate, type Database } from "@postwright/core/db";
import { createPostHandle, createScheduler, schedulePost } from "@postwright/core/scheduling";
import { createTestDatabase, testDatabaseServer } from "@postwright/core/testing";
import { afterAll, expect, it } from "vitest";
import { createHttpTarget, startHttpRemote, type HttpRemote } from "../support/scheduler/http-remote.ts";
import { seedPosts, seedUser } from "../support/scheduler/seed.ts";

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, "../..");
const workerScript = path.join(here, "../support/scheduler/crash-worker.ts");
const postCount = 20;
const platforms = ["shopify", "wordpress"] as const;
const publications = postCount * platforms.length;
/** The child is killed while the remote answers this creation. */
const killAtCreation = 9;
const leaseMs = 60_000;

const cleanups: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** A database the test and a child process can both open, one after the other. */
interface SharedDatabase {
  db: Database;
  /** PostgreSQL: the test and the child may hold it at once. PGlite: one process at a time. */
  onServer: boolean;
  childEnv: Record<string, string>;
  reopen(): Promise<Database>;
}

async function openSharedDatabase(): Promise<SharedDatabase> {
  if (testDatabaseServer()) {
    const db = await createTestDatabase();
    cleanups.push(() => db.close());
    return { db, onServer: true, childEnv: { SCHEDULER_DATABASE_URL: db.url! }, reopen: async () => db };
  }
  const dataDir = await mkdtemp(path.join(tmpdir(), "postwright-crash-"));
  cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
  const db = await createDatabase({ dataDir });
  await migrate(db);
  return {
    db,
    onServer: false,
    childEnv: { SCHEDULER_DATA_DIR: dataDir },
    async reopen() {
      const reopened = await createDatabase({ dataDir });
      cleanups.push(() => reopened.close());
      return reopened;
    },
  };
}

function runWorker(env: Record<string, string>): { child: ChildProcess; exited: Promise<NodeJS.Signals | number | null> } {
  const child = spawn(process.execPath, ["--import", "tsx", workerScript], {
    cwd: repoRoot,
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<NodeJS.Signals | number | null>((resolve) =>
    child.on("exit", (code, signal) => {
      if (signal !== "SIGKILL") console.error(`crash worker exited by itself (${code}):\n${output}`);
      resolve(signal ?? code);
    }),
  );
  return { child, exited };
}

it("loses and doubles nothing when a scheduler process is killed between a remote creation and its record", async () => {
  const shared = await openSharedDatabase();
  const userId = await seedUser(shared.db);
  const postIds = await seedPosts(shared.db, userId, postCount);
  const due = new Date(Date.now() - 60_000);
  for (const postId of postIds) {
    await schedulePost({ db: shared.db }, { userId, postId, scheduledDate: due, platforms, now: new Date(due.getTime() - 60_000) });
  }
  if (!shared.onServer) await shared.db.close();

  const remote: HttpRemote = await startHttpRemote();
  cleanups.push(() => remote.close());
  let orphan: string | undefined;
  const worker = runWorker({ ...shared.childEnv, SCHEDULER_REMOTE_URL: remote.url, SCHEDULER_INSTANCE_ID: "doomed" });
  remote.beforeCreateAnswer = async (creation, article) => {
    if (creation !== killAtCreation) return;
    orphan = `${article.platform}:${article.handle}`;
    worker.child.kill("SIGKILL");
    await worker.exited;
  };
  expect(await worker.exited).toBe("SIGKILL");
  remote.beforeCreateAnswer = undefined;
  const createdBeforeCrash = remote.stats.creations;
  expect(createdBeforeCrash).toBeGreaterThanOrEqual(killAtCreation);

  // The killed process left work behind, including the article the remote created and nobody recorded.
  const db = await shared.reopen();
  const before = await db.prisma.postPublication.findMany({ include: { post: true } });
  expect(before.filter((p) => p.status === "published").length).toBeLessThan(publications);
  const orphanRow = before.find((p) => `${p.platform}:${createPostHandle(p.post)}` === orphan);
  expect(orphanRow).toMatchObject({ status: "publishing", leaseOwner: expect.stringMatching(/^doomed:/), remoteId: null });

  // Another instance starts once the dead one's leases have expired.
  const restarted = createScheduler({
    db,
    resolveTarget: async ({ platform }) => createHttpTarget(remote.url, platform),
    instanceId: "survivor",
    now: () => new Date(Date.now() + leaseMs + 1000),
  });
  const result = await restarted.runUntilIdle();
  expect(result).toMatchObject({ failed: 0, lost: 0 });
  expect(result.published).toBe(publications - before.filter((p) => p.status === "published").length);

  // Nothing lost: every publication is recorded with the remote's article.
  const after = await db.prisma.postPublication.findMany({ include: { post: true } });
  expect(after).toHaveLength(publications);
  for (const row of after) {
    const article = remote.articles.get(`${row.platform}:${createPostHandle(row.post)}`);
    expect(row).toMatchObject({ status: "published", remoteId: article?.id });
  }
  expect(await db.prisma.blogPost.count({ where: { userId, status: "published", isScheduled: false } })).toBe(postCount);
  // Nothing doubled: one creation per post and platform; the orphan was found by its handle.
  expect(remote.stats.creations).toBe(publications);
  expect([...remote.creations.values()].every((n) => n === 1)).toBe(true);
  expect(remote.stats.foundByHandle).toBeGreaterThanOrEqual(1);
}, 300_000);
