// The publication scheduler that runs in every app instance. All instances share one work queue, the
// post_publications table: each claims due rows under a lease (claimDuePublications), publishes them in parallel
// up to `concurrency`, and records each result under that lease (runClaimedPublication). It claims only as many
// rows as it has free slots, so rows it cannot start stay available to other instances, and a slow store holds one
// slot only: finished publications claim the next due ones. With many slots, it waits until a quarter of them are
// free before claiming again, so that under a burst a claim takes several rows at once instead of one per statement.
// Results that finish together are written together (createOutcomeRecorder: one transaction for many publications),
// and the publications of one claim that go to the same user's store or site resolve it once. While started, the
// scheduler keeps its deps' caches in step with the database (watchChanges: connections read once, not per claim).
//
// start() claims at once, then every 15 seconds (node-cron, UTC): a post is picked up within 15 s of its time.
import { randomUUID } from "node:crypto";
import cron, { type ScheduledTask } from "node-cron";
import pLimit from "p-limit";
import { silentLogger } from "../logger.ts";
import type { PublishTarget } from "../publishing/types.ts";
import { claimDuePublications } from "./claim-due-publications.ts";
import { createOutcomeRecorder } from "./create-outcome-recorder.ts";
import { runClaimedPublication, type PublicationOutcome, type RunOptions } from "./run-claimed-publication.ts";
import { defaultLeaseMs, defaultSchedulerCron, type PublishingDeps, type TargetResolver } from "./types.ts";

export interface SchedulerDeps extends PublishingDeps {
  /** Names this instance in leaseOwner and the logs (for example host and pid). */
  instanceId: string;
  /**
   * Most rows taken by one claim. Default 128: the claim and the reading of its rows are a few statements whatever
   * its size, and the publications of one claim that go to the same store share its connection (read once).
   */
  batchSize?: number;
  /**
   * Publications in flight at once in this instance. Default 256: a publication mostly waits (for the platform, or for
   * its store's rate limit to allow the next call), and a waiting publication costs nothing but its slot, so a burst of
   * posts due at the same minute across many stores goes out in parallel instead of stores with rate limit to spare
   * waiting behind the slots of busy ones. Each store's own pace is kept by the Shopify cost pacer and by retries with
   * backoff.
   */
  concurrency?: number;
  /** Attempts before a transiently failing publication is marked failed. Default 5. */
  maxAttempts?: number;
  /** First retry delay, doubled on each attempt. Default 30 s. */
  retryBaseMs?: number;
  /** Longest retry delay. Default 15 min. */
  retryMaxMs?: number;
  /** When start() claims (node-cron syntax, seconds field first, UTC). Default every 15 seconds. */
  cronExpression?: string;
  /**
   * Starts keeping what resolveTarget holds in memory (the users' connections) in step with the database, and returns
   * the function that stops it: called by start() and stopped by stop(), once the publications in flight are recorded.
   */
  watchChanges?: () => Promise<() => Promise<void>>;
}

export interface TickResult {
  claimed: number;
  published: number;
  failed: number;
  retried: number;
  /** Kept back for the owner's review: the store's product facts no longer agree with the post. */
  held: number;
  /** Claimed but not recorded by this instance: its lease was taken over, or the database could not be written. */
  lost: number;
}

export interface Scheduler {
  /** Claims what is due (up to the free slots) and publishes it; resolves when those publications are recorded. */
  tick(): Promise<TickResult>;
  /** Runs a tick now and then on the cron schedule until stop(). Errors are logged, never thrown. */
  start(): void;
  /** Stops claiming and waits for the publications in flight to be recorded. */
  stop(): Promise<void>;
  /** Ticks until nothing is due and nothing is in flight; returns the sum. For tests and one-off runs. */
  runUntilIdle(options?: { maxTicks?: number }): Promise<TickResult>;
}

export function createScheduler(deps: SchedulerDeps): Scheduler {
  const logger = (deps.logger ?? silentLogger).child({ component: "scheduler", instanceId: deps.instanceId });
  const runDeps: PublishingDeps = { ...deps, logger };
  const now = deps.now ?? (() => new Date());
  const batchSize = deps.batchSize ?? 128;
  const concurrency = deps.concurrency ?? 256;
  const leaseMs = deps.leaseMs ?? defaultLeaseMs;
  const runOptions: RunOptions = {
    mode: "scheduled",
    maxAttempts: deps.maxAttempts ?? 5,
    retry: { baseMs: deps.retryBaseMs ?? 30_000, maxMs: deps.retryMaxMs ?? 15 * 60_000 },
    record: createOutcomeRecorder(deps.db),
  };
  const limit = pLimit(concurrency);
  const inFlight = new Set<Promise<unknown>>();
  /** Slots taken by rows claimed (or being claimed) and not yet recorded. */
  let busy = 0;
  let stopped = false;
  let task: ScheduledTask | undefined;
  let watching: Promise<(() => Promise<void>) | undefined> | undefined;

  const track = <T>(promise: Promise<T>): Promise<T> => {
    inFlight.add(promise);
    void promise.finally(() => inFlight.delete(promise)).catch(() => undefined);
    return promise;
  };

  async function claimAndLaunch(): Promise<Array<Promise<PublicationOutcome>>> {
    const wanted = Math.min(batchSize, concurrency - busy);
    if (stopped || wanted <= 0) return [];
    busy += wanted;
    let claimedCount = 0;
    try {
      const rows = await claimDuePublications(deps.db, {
        owner: `${deps.instanceId}:${randomUUID()}`,
        now: now(),
        leaseMs,
        limit: wanted,
      });
      claimedCount = rows.length;
      if (rows.length) logger.debug({ claimed: rows.length }, "claimed due publications");
      const claimDeps: PublishingDeps = { ...runDeps, resolveTarget: resolveOncePerClaim(runDeps.resolveTarget) };
      return rows.map((row) =>
        track(
          limit(() => runClaimedPublication(claimDeps, row, runOptions))
            .catch((err: unknown): PublicationOutcome => {
              // The database failed while recording: the lease will expire and another attempt will follow.
              logger.error({ err, publicationId: row.id }, "could not record a publication's result");
              return { kind: "lost" };
            })
            .finally(() => {
              busy -= 1;
            }),
        ),
      );
    } finally {
      busy -= wanted - claimedCount;
    }
  }

  async function tick(): Promise<TickResult> {
    const runs = await track(claimAndLaunch());
    return summarize(await Promise.all(runs));
  }

  /** Free slots worth a claim when publications are still running (a claim is a few statements whatever its size). */
  const refillAt = Math.max(1, Math.floor(concurrency / 4));

  /** Claims for the free slots, and again as publications finish, until nothing is due. */
  function pump(): void {
    if (stopped) return;
    void track(claimAndLaunch())
      .then((runs) => {
        for (const run of runs) {
          void run.then(() => {
            if (concurrency - busy >= refillAt || busy === 0) pump();
          });
        }
      })
      .catch((err: unknown) => logger.error({ err }, "could not claim due publications"));
  }

  async function settle(): Promise<void> {
    while (inFlight.size) await Promise.allSettled([...inFlight]);
  }

  return {
    tick,
    start() {
      if (task) return;
      stopped = false;
      watching = deps.watchChanges?.().catch((err: unknown) => {
        logger.warn({ err }, "could not watch connection changes; connections are read on each claim");
        return undefined;
      });
      task = cron.schedule(deps.cronExpression ?? defaultSchedulerCron, pump, {
        name: `publication-scheduler:${deps.instanceId}`,
        timezone: "UTC",
      });
      logger.info({}, "scheduler started");
      pump();
    },
    async stop() {
      stopped = true;
      if (task) {
        await task.destroy();
        task = undefined;
      }
      await settle();
      const stopWatching = await watching;
      watching = undefined;
      await stopWatching?.();
      logger.info({}, "scheduler stopped");
    },
    async runUntilIdle(options = {}) {
      const total = emptyResult();
      for (let ticks = 0; ticks < (options.maxTicks ?? 10_000); ticks += 1) {
        const result = await tick();
        add(total, result);
        if (result.claimed === 0) {
          if (!inFlight.size || stopped) break;
          await settle();
        }
      }
      return total;
    },
  };
}

/**
 * The publications of one claim that go to the same user's store or site share one target: its connection is read and
 * its credential decrypted once per claim, not once per post. A claim is short-lived, so a connection changed since
 * is seen by the next claim.
 */
function resolveOncePerClaim(resolve: TargetResolver): TargetResolver {
  const targets = new Map<string, Promise<PublishTarget>>();
  return (publication) => {
    const key = `${publication.userId} ${publication.platform} ${publication.connectionId ?? ""} ${publication.blogId ?? ""}`;
    let target = targets.get(key);
    if (!target) {
      target = resolve(publication);
      targets.set(key, target);
    }
    return target;
  };
}

function emptyResult(): TickResult {
  return { claimed: 0, published: 0, failed: 0, retried: 0, held: 0, lost: 0 };
}

function add(total: TickResult, result: TickResult): void {
  for (const key of Object.keys(total) as Array<keyof TickResult>) total[key] += result[key];
}

function summarize(outcomes: PublicationOutcome[]): TickResult {
  const result = emptyResult();
  result.claimed = outcomes.length;
  for (const outcome of outcomes) {
    if (outcome.kind === "published") result.published += 1;
    else if (outcome.kind === "failed") result.failed += 1;
    else if (outcome.kind === "retried") result.retried += 1;
    else if (outcome.kind === "held") result.held += 1;
    else result.lost += 1;
  }
  return result;
}
