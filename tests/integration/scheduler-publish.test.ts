// The scheduler and the Publish button against a recording remote: due rows go out and later ones wait, transient
// failures are retried with backoff, permanent ones are reported with the platform's reason, expired leases are
// taken over without the late worker overwriting anything, and a click racing the scheduler publishes once.
import cron from "node-cron";
import { AppError } from "@postwright/core/errors";
import {
  createScheduler,
  defaultSchedulerCron,
  publishNow,
  schedulePost,
  type SchedulerDeps,
  type TargetResolver,
} from "@postwright/core/scheduling";
import { createTestDatabase, type TestDatabase } from "@postwright/core/testing";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { PublishError, type PublishTarget } from "../../core/src/publishing/types.ts";
import { createRecordingRemote, type RecordingRemote } from "../support/scheduler/recording-remote.ts";
import { seedPost, seedUser } from "../support/scheduler/seed.ts";

let db: TestDatabase;
let userId: number;
let remote: RecordingRemote;
// An hour ago, on the minute: tests that run on the real clock find posts due at t0 already due.
const t0 = new Date(Math.floor(Date.now() / 60_000) * 60_000 - 60 * 60_000);
const at = (ms: number) => new Date(t0.getTime() + ms);
const minute = 60_000;

beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db.close();
});
beforeEach(async () => {
  await db.prisma.user.deleteMany();
  userId = await seedUser(db);
  remote = createRecordingRemote();
});

const remoteResolver: TargetResolver = async ({ platform }) => remote.target(platform);

function scheduler(overrides: Partial<SchedulerDeps> & { clock?: Date } = {}) {
  const { clock, ...rest } = overrides;
  return createScheduler({
    db,
    resolveTarget: remoteResolver,
    instanceId: "test-instance",
    ...(clock ? { now: () => clock } : {}),
    ...rest,
  });
}

/** A post scheduled (at time t0 - 1 min) to go out at `due`. */
async function scheduledPost(due: Date, platforms: string[] = ["shopify"], title?: string) {
  const postId = await seedPost(db, userId, title);
  await schedulePost({ db }, { userId, postId, scheduledDate: due, platforms, now: at(-minute) });
  return postId;
}

const publication = (postId: number, platform = "shopify") =>
  db.prisma.postPublication.findUniqueOrThrow({ where: { postId_platform: { postId, platform } } });
const post = (postId: number) => db.prisma.blogPost.findUniqueOrThrow({ where: { id: postId } });

/** A target whose calls wait until released, to hold a publication in flight. */
function gatedTarget(inner: PublishTarget) {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  let entered!: () => void;
  const called = new Promise<void>((resolve) => (entered = resolve));
  const target: PublishTarget = {
    platform: inner.platform,
    async publish(p, previous) {
      entered();
      await gate;
      return inner.publish(p, previous);
    },
  };
  return { target, called, release };
}

describe("the scheduler", () => {
  it("publishes what is due on the next tick and leaves later posts untouched", async () => {
    const dueNow = await scheduledPost(at(0), ["shopify"], "Coffee at nine");
    const dueLater = await scheduledPost(at(10 * minute), ["shopify"], "Coffee at ten past");
    const onPublished = vi.fn();

    // Ticks run every 15 s, so the first tick after 09:00:00 is at most 15 s late.
    const result = await scheduler({ clock: at(15_000), onPublished }).tick();

    expect(result).toEqual({ claimed: 1, published: 1, failed: 0, retried: 0, held: 0, lost: 0 });
    const live = await publication(dueNow);
    expect(live).toMatchObject({ status: "published", attempts: 1, lastError: null, leaseOwner: null, publishedAt: at(15_000) });
    expect(live.remoteUrl).toBe("https://shopify.example/blogs/news/coffee-at-nine-pw" + dueNow);
    expect(await post(dueNow)).toMatchObject({ status: "published", isScheduled: false, shopifyArticleId: live.remoteId });
    expect(onPublished).toHaveBeenCalledWith(userId, { postId: dueNow, platform: "shopify", republished: false });

    expect(await publication(dueLater)).toMatchObject({ status: "pending", attempts: 0, leaseOwner: null });
    expect(await post(dueLater)).toMatchObject({ status: "scheduled", isScheduled: true });
    expect(remote.stats.calls).toBe(1);

    const later = await scheduler({ clock: at(10 * minute + 15_000) }).tick();
    expect(later.published).toBe(1);
    expect(await post(dueLater)).toMatchObject({ status: "published" });
  });

  it("reads each user's store once per claim, not once per post", async () => {
    const otherUser = await seedUser(db, "Grace");
    for (let i = 0; i < 3; i += 1) await scheduledPost(at(0), ["shopify"], `Batch post ${i}`);
    const otherPost = await seedPost(db, otherUser, "Grace's post");
    await schedulePost({ db }, { userId: otherUser, postId: otherPost, scheduledDate: at(0), platforms: ["shopify"], now: at(-minute) });
    const resolved: number[] = [];
    const resolveTarget: TargetResolver = async ({ userId: owner, platform }) => {
      resolved.push(owner);
      return remote.target(platform);
    };
    expect(await scheduler({ clock: at(1000), resolveTarget }).tick()).toMatchObject({ claimed: 4, published: 4 });
    expect(resolved.sort()).toEqual([userId, otherUser].sort());
    expect(remote.stats.creations).toBe(4);
  });

  it("claims every 15 seconds when started, so nothing waits a minute", () => {
    const task = cron.createTask(defaultSchedulerCron, () => undefined, { timezone: "UTC" });
    const runs = task.getNextRuns(9).map((d) => d.getTime());
    const gaps = runs.slice(1).map((t, i) => t - runs[i]!);
    expect(Math.max(...gaps)).toBeLessThanOrEqual(20_000);
    void task.destroy();
  });

  it("marks the post published only when every platform is", async () => {
    const postId = await scheduledPost(at(0), ["shopify", "wordpress"]);
    const results = await scheduler({ clock: at(1000), concurrency: 1, batchSize: 1 }).tick();
    expect(results.published).toBe(1);
    expect(await post(postId)).toMatchObject({ status: "scheduled", isScheduled: true });
    await scheduler({ clock: at(2000) }).runUntilIdle();
    const done = await post(postId);
    expect(done).toMatchObject({ status: "published", isScheduled: false });
    expect(done.shopifyArticleId).toBe((await publication(postId, "shopify")).remoteId);
    expect(done.wordpressPostId).toBe((await publication(postId, "wordpress")).remoteId);
  });

  it("retries a transient failure later, honouring the platform's Retry-After, then publishes", async () => {
    const postId = await scheduledPost(at(0));
    let failuresLeft = 1;
    const resolveTarget: TargetResolver = async ({ platform }) => ({
      platform,
      async publish(p, previous) {
        if (failuresLeft-- > 0) throw new PublishError("Shopify is busy right now.", { transient: true, retryAfterMs: 2 * minute });
        return remote.target(platform).publish(p, previous);
      },
    });

    expect(await scheduler({ clock: at(1000), resolveTarget }).tick()).toMatchObject({ claimed: 1, retried: 1 });
    expect(await publication(postId)).toMatchObject({
      status: "pending",
      attempts: 1,
      dueAt: at(1000 + 2 * minute),
      lastError: "Shopify is busy right now.",
      leaseOwner: null,
    });
    expect(await post(postId)).toMatchObject({ status: "scheduled", isScheduled: true, lastError: null });

    // Not due yet a minute later.
    expect(await scheduler({ clock: at(minute), resolveTarget }).tick()).toMatchObject({ claimed: 0 });

    expect(await scheduler({ clock: at(3 * minute), resolveTarget }).tick()).toMatchObject({ published: 1 });
    expect(await publication(postId)).toMatchObject({ status: "published", attempts: 2, lastError: null });
    expect(await post(postId)).toMatchObject({ status: "published", isScheduled: false });
    expect(remote.stats.creations).toBe(1);
  });

  it("gives up after maxAttempts transient failures and tells the user why", async () => {
    const postId = await scheduledPost(at(0));
    const resolveTarget: TargetResolver = async ({ platform }) => ({
      platform,
      publish: async () => {
        throw new PublishError("Shopify did not answer in time.", { transient: true });
      },
    });
    let clock = at(1000);
    const s = createScheduler({ db, resolveTarget, instanceId: "a", now: () => clock, maxAttempts: 3, retryBaseMs: 1000 });
    const outcomes = [];
    for (let i = 0; i < 3; i += 1) {
      outcomes.push(await s.tick());
      clock = new Date(clock.getTime() + 10 * minute);
    }
    expect(outcomes.map((o) => [o.retried, o.failed])).toEqual([
      [1, 0],
      [1, 0],
      [0, 1],
    ]);
    expect(await publication(postId)).toMatchObject({ status: "failed", attempts: 3, lastError: "Shopify did not answer in time." });
    expect(await post(postId)).toMatchObject({
      status: "failed",
      isScheduled: false,
      lastError: "Shopify: Shopify did not answer in time.",
    });
    expect(await s.tick()).toMatchObject({ claimed: 0 });
  });

  it("fails at once on a permanent error, with the platform's reason", async () => {
    const postId = await scheduledPost(at(0), ["wordpress"]);
    const onPublished = vi.fn();
    const resolveTarget: TargetResolver = async ({ platform }) => ({
      platform,
      publish: async () => {
        throw new PublishError("WordPress refused the application password. Reconnect your site.", { transient: false });
      },
    });
    expect(await scheduler({ clock: at(1000), resolveTarget, onPublished }).tick()).toMatchObject({ failed: 1 });
    expect(await publication(postId, "wordpress")).toMatchObject({ status: "failed", attempts: 1 });
    expect(await post(postId)).toMatchObject({
      status: "failed",
      lastError: "WordPress: WordPress refused the application password. Reconnect your site.",
    });
    expect(onPublished).not.toHaveBeenCalled();
  });

  it("fails with the resolver's message when the connection is gone", async () => {
    const postId = await scheduledPost(at(0));
    const resolveTarget: TargetResolver = async () => {
      throw new AppError("BAD_REQUEST", "Connect your Shopify store to publish blog posts.");
    };
    expect(await scheduler({ clock: at(1000), resolveTarget }).tick()).toMatchObject({ failed: 1 });
    expect(await post(postId)).toMatchObject({ status: "failed", lastError: "Shopify: Connect your Shopify store to publish blog posts." });
  });

  it("takes over a publication whose lease expired, and the late worker overwrites nothing", async () => {
    const postId = await scheduledPost(at(0));
    const slow = gatedTarget(remote.target("shopify"));
    const leaseMs = minute;
    const first = scheduler({ instanceId: "first", clock: at(1000), leaseMs, resolveTarget: async () => slow.target });
    const firstTick = first.tick();
    await slow.called;
    expect(await publication(postId)).toMatchObject({ status: "publishing", attempts: 1, leaseUntil: at(1000 + leaseMs) });

    // While the lease runs, nobody else may take the row.
    expect(await scheduler({ instanceId: "second", clock: at(30_000), leaseMs }).tick()).toMatchObject({ claimed: 0 });

    // The first instance looks dead: once its lease has expired another one publishes.
    const second = await scheduler({ instanceId: "second", clock: at(1000 + leaseMs + 1), leaseMs }).tick();
    expect(second).toMatchObject({ claimed: 1, published: 1 });
    const taken = await publication(postId);
    expect(taken).toMatchObject({ status: "published", attempts: 2 });

    // The first one wakes up: the remote finds the article by its handle, and the database keeps the second's record.
    slow.release();
    expect(await firstTick).toMatchObject({ claimed: 1, lost: 1, published: 0 });
    expect(await publication(postId)).toEqual(taken);
    expect(remote.stats.creations).toBe(1);
    expect(await post(postId)).toMatchObject({ status: "published", shopifyArticleId: taken.remoteId });
  });

  it("passes the recorded article id so an interrupted publication updates instead of creating", async () => {
    const postId = await scheduledPost(at(0));
    await scheduler({ clock: at(1000) }).tick();
    const { remoteId } = await publication(postId);
    await schedulePost({ db }, { userId, postId, scheduledDate: at(minute), platforms: ["shopify"], now: at(2000) });
    const seen: Array<string | null> = [];
    const resolveTarget: TargetResolver = async ({ platform }) => ({
      platform,
      publish: (p, previous) => {
        seen.push(previous.remoteId);
        return remote.target(platform).publish(p, previous);
      },
    });
    expect(await scheduler({ clock: at(2 * minute), resolveTarget }).tick()).toMatchObject({ published: 1 });
    expect(seen).toEqual([remoteId]);
    expect(remote.stats).toMatchObject({ creations: 1, updates: 1 });
  });

  it("stops retrying a publication whose worker kept dying, without calling the platform", async () => {
    const postId = await scheduledPost(at(0));
    await db.prisma.postPublication.updateMany({
      where: { postId },
      data: { status: "publishing", attempts: 6, leaseOwner: "dead", leaseUntil: at(0) },
    });
    expect(await scheduler({ clock: at(minute), maxAttempts: 5 }).tick()).toMatchObject({ failed: 1 });
    expect(remote.stats.calls).toBe(0);
    expect(await post(postId)).toMatchObject({
      status: "failed",
      lastError: "Shopify: Publishing to Shopify was interrupted several times. Please try again.",
    });
  });

  it("keeps its lease while a slow platform answers, so no other instance takes the publication", async () => {
    const postId = await scheduledPost(at(0));
    const slow = gatedTarget(remote.target("shopify"));
    const leaseMs = 1500;
    const tick = scheduler({ instanceId: "first", leaseMs, resolveTarget: async () => slow.target }).tick();
    await slow.called;
    const claimed = await publication(postId);
    await vi.waitFor(
      async () => expect((await publication(postId)).leaseUntil!.getTime()).toBeGreaterThan(claimed.leaseUntil!.getTime()),
      { timeout: 20_000, interval: 100 },
    );
    // Without the renewal the lease would have expired by now.
    const other = scheduler({ instanceId: "second", leaseMs, clock: new Date(claimed.leaseUntil!.getTime() + 1) });
    expect(await other.tick()).toMatchObject({ claimed: 0 });
    slow.release();
    expect(await tick).toMatchObject({ published: 1 });
    expect(remote.stats.calls).toBe(1);
  });

  it("does not let a slow store hold up other posts: each finished publication claims the next", async () => {
    // The slow store is another user's: the scheduler resolves a user's store once per claim.
    const slowUser = await seedUser(db, "Slow");
    const stuckPost = await seedPost(db, slowUser, "A slow store");
    await schedulePost({ db }, { userId: slowUser, postId: stuckPost, scheduledDate: at(0), platforms: ["shopify"], now: at(-minute) });
    const others: number[] = [];
    for (let i = 0; i < 5; i += 1) others.push(await scheduledPost(at(1000), ["shopify"], `Quick post ${i}`));
    const slow = gatedTarget(remote.target("shopify"));
    const s = scheduler({
      concurrency: 2,
      // Never fires during the test: only the start-up claim and the claims after each publication run.
      cronExpression: "0 0 0 1 1 *",
      resolveTarget: async ({ userId: owner, platform }) => (owner === slowUser ? slow.target : remote.target(platform)),
    });
    s.start();
    await vi.waitFor(
      async () =>
        expect(await db.prisma.postPublication.count({ where: { postId: { in: others }, status: "published" } })).toBe(5),
      { timeout: 30_000, interval: 100 },
    );
    expect(await publication(stuckPost)).toMatchObject({ status: "publishing" });
    slow.release();
    await s.stop();
    expect(await publication(stuckPost)).toMatchObject({ status: "published" });
  });

  it("publishes at start without waiting for the first cron tick, and stop waits for work in flight", async () => {
    const postId = await scheduledPost(at(0));
    const slow = gatedTarget(remote.target("shopify"));
    const s = scheduler({ resolveTarget: async () => slow.target });
    s.start();
    await slow.called;
    const stopped = s.stop();
    slow.release();
    await stopped;
    expect(await publication(postId)).toMatchObject({ status: "published" });
    expect(remote.stats.calls).toBe(1);
  });

  it("keeps its resolver's caches watched from start until stop, after the work in flight is recorded", async () => {
    const postId = await scheduledPost(at(0));
    const slow = gatedTarget(remote.target("shopify"));
    const events: string[] = [];
    const s = scheduler({
      resolveTarget: async () => slow.target,
      watchChanges: async () => {
        events.push("watching");
        return async () => {
          events.push(`stopped watching, post ${(await post(postId)).status}`);
        };
      },
    });
    s.start();
    await slow.called;
    expect(events).toEqual(["watching"]);
    const stopped = s.stop();
    slow.release();
    await stopped;
    expect(events).toEqual(["watching", "stopped watching, post published"]);
  });
});

describe("publishNow", () => {
  it("publishes a draft at once and returns the post with its publication", async () => {
    const postId = await seedPost(db, userId, "Cold brew basics");
    const onPublished = vi.fn();
    const { post: published, publication: row } = await publishNow(
      { db, resolveTarget: remoteResolver, onPublished },
      { userId, postId, platform: "shopify" },
    );
    expect(row).toMatchObject({ platform: "shopify", status: "published", attempts: 1, lastError: null });
    expect(published).toMatchObject({ status: "published", isScheduled: false, shopifyArticleId: row.remoteId });
    expect(published.publications).toHaveLength(1);
    expect(remote.articles.get(`shopify:cold-brew-basics-pw${postId}`)).toMatchObject({ id: row.remoteId, title: "Cold brew basics" });
    expect(onPublished).toHaveBeenCalledWith(userId, { postId, platform: "shopify", republished: false });
  });

  it("republishes by updating the same article", async () => {
    const postId = await seedPost(db, userId);
    const first = await publishNow({ db, resolveTarget: remoteResolver }, { userId, postId, platform: "wordpress" });
    await db.prisma.blogPost.update({ where: { id: postId }, data: { title: "Ten ways to brew better coffee (2027)" } });
    const second = await publishNow({ db, resolveTarget: remoteResolver }, { userId, postId, platform: "wordpress" });
    expect(second.publication.remoteId).toBe(first.publication.remoteId);
    expect(remote.stats).toMatchObject({ creations: 1, updates: 1 });
    expect([...remote.articles.values()][0]?.title).toBe("Ten ways to brew better coffee (2027)");
  });

  it("reports a remote failure as a 502 with the platform's reason and records it", async () => {
    const postId = await seedPost(db, userId);
    const resolveTarget: TargetResolver = async ({ platform }) => ({
      platform,
      publish: async () => {
        throw new PublishError("Shopify is busy right now.", { transient: true, retryAfterMs: 1000 });
      },
    });
    const error = await publishNow({ db, resolveTarget }, { userId, postId, platform: "shopify" }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ status: 502, message: "Shopify publishing failed: Shopify is busy right now." });
    expect(await publication(postId)).toMatchObject({ status: "failed", lastError: "Shopify is busy right now." });
    expect(await post(postId)).toMatchObject({ status: "failed", lastError: "Shopify: Shopify is busy right now." });
  });

  it("passes on the resolver's own error (for example no connection)", async () => {
    const postId = await seedPost(db, userId);
    const resolveTarget: TargetResolver = async () => {
      throw new AppError("BAD_REQUEST", "Connect your WordPress site to publish blog posts.");
    };
    await expect(publishNow({ db, resolveTarget }, { userId, postId, platform: "wordpress" })).rejects.toMatchObject({
      status: 400,
      message: "Connect your WordPress site to publish blog posts.",
    });
  });

  it("does not publish someone else's post", async () => {
    const postId = await seedPost(db, userId);
    const intruder = await seedUser(db, "Eve");
    await expect(
      publishNow({ db, resolveTarget: remoteResolver }, { userId: intruder, postId, platform: "shopify" }),
    ).rejects.toMatchObject({ status: 404 });
    expect(remote.stats.calls).toBe(0);
  });

  it("publishes a scheduled post now, ahead of its time, and the scheduler then has nothing to do", async () => {
    const postId = await scheduledPost(at(10 * minute));
    const { post: published } = await publishNow({ db, resolveTarget: remoteResolver, now: () => at(0) }, { userId, postId, platform: "shopify" });
    expect(published).toMatchObject({ status: "published", isScheduled: false });
    expect(await scheduler({ clock: at(11 * minute) }).tick()).toMatchObject({ claimed: 0 });
    expect(remote.stats.calls).toBe(1);
  });

  it("racing the scheduler on the same post, publishes once and returns the scheduler's result", async () => {
    const postId = await scheduledPost(at(0));
    const slow = gatedTarget(remote.target("shopify"));
    const tick = scheduler({ resolveTarget: async () => slow.target }).tick();
    await slow.called;
    const click = publishNow({ db, resolveTarget: remoteResolver }, { userId, postId, platform: "shopify" });
    setTimeout(slow.release, 300);
    const [{ publication: clicked }, ticked] = await Promise.all([click, tick]);
    expect(ticked).toMatchObject({ published: 1 });
    expect(clicked).toMatchObject({ status: "published" });
    expect(remote.stats).toMatchObject({ calls: 1, creations: 1 });
  });

  it("tells the user to check back when another worker holds the publication too long", async () => {
    const postId = await scheduledPost(at(0));
    const slow = gatedTarget(remote.target("shopify"));
    const tick = scheduler({ resolveTarget: async () => slow.target }).tick();
    await slow.called;
    await expect(
      publishNow({ db, resolveTarget: remoteResolver, waitMs: 0 }, { userId, postId, platform: "shopify" }),
    ).rejects.toMatchObject({ status: 409, message: "This post is being published to Shopify right now. Check back in a minute." });
    slow.release();
    await tick;
    expect(remote.stats.creations).toBe(1);
  });
});
