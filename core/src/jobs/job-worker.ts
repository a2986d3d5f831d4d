// One instance's worker on a lease queue: every few seconds, at once when this process queues a job, and whenever one
// of its runs ends, it claims the due jobs (oldest due first) up to its number of runners and runs each. Jobs are
// shared between instances through their leases, so each job has one runner at a time and capacity grows with
// instances. Now and then it also runs a repair (queueing what should have a job and has none).
import type { Prisma } from "../db/index.ts";
import { type Logger, silentLogger } from "../logger.ts";
import { claimJobs, type LeaseQueue } from "./lease-queue.ts";

export interface JobWorkerOptions<Outcome> {
  queue: LeaseQueue;
  /** Names this instance in the leases it takes (with `ownerTag`, then a running count). */
  instanceId: string;
  ownerTag?: string;
  /** Jobs run at the same time by this instance. */
  runners: number;
  /** How often it looks for due jobs. Default 5 s. */
  intervalMs?: number;
  leaseMs: number;
  /** Runs one claimed job. */
  run: (jobId: number, owner: string) => Promise<Outcome>;
  repair?: { everyMs: number; run: () => Promise<number>; logMessage: string };
  /** Told each run's outcome (tests, measurements). */
  onOutcome?: (outcome: Outcome, jobId: number) => void;
  /** Logged when a run throws (its outcome could not be recorded) and when a claim fails. */
  logMessages: { runFailed: string; claimFailed: string };
}

export interface JobWorker {
  start(): void;
  /** Claims due jobs now (up to the free runners) and resolves when the claim is made. */
  kick(): Promise<void>;
  /** Stops claiming and waits for the runs in progress. */
  stop(): Promise<void>;
}

const listeners = new WeakMap<object, Map<string, Set<() => void>>>();

/** Tells this process's workers on `queue` (if any) that a job is due now, so they claim it at once. */
export function notifyJobQueued(prisma: object, queue: LeaseQueue): void {
  for (const listener of listeners.get(prisma)?.get(queue.table) ?? []) listener();
}

/** Listens for jobs queued on `queue` in this process; returns the unsubscribe. */
export function onJobQueued(prisma: object, queue: LeaseQueue, listener: () => void): () => void {
  let byTable = listeners.get(prisma);
  if (!byTable) listeners.set(prisma, (byTable = new Map()));
  let set = byTable.get(queue.table);
  if (!set) byTable.set(queue.table, (set = new Set()));
  set.add(listener);
  return () => set.delete(listener);
}

export function createJobWorker<Outcome>(
  deps: { prisma: Prisma; logger?: Logger; now?: () => Date },
  options: JobWorkerOptions<Outcome>,
): JobWorker {
  const logger = deps.logger ?? silentLogger;
  const running = new Set<Promise<void>>();
  let claims = 0;
  let claiming: Promise<void> | undefined;
  let again = false;
  let stopped = true;
  let timer: ReturnType<typeof setInterval> | undefined;
  let unsubscribe: (() => void) | undefined;
  let lastRepair = 0;

  async function claimOnce(): Promise<void> {
    const now = deps.now?.() ?? new Date();
    const { repair } = options;
    if (repair && now.getTime() - lastRepair >= repair.everyMs) {
      lastRepair = now.getTime();
      const queued = await repair.run();
      if (queued > 0) logger.info({ queued }, repair.logMessage);
    }
    const free = options.runners - running.size;
    if (free <= 0) return;
    const owner = `${options.instanceId}:${options.ownerTag ? `${options.ownerTag}:` : ""}${++claims}`;
    const ids = await claimJobs(deps.prisma, options.queue, { owner, now, leaseMs: options.leaseMs, limit: free });
    for (const jobId of ids) {
      const run = options
        .run(jobId, owner)
        .then((outcome) => options.onOutcome?.(outcome, jobId))
        .catch((err: unknown) => logger.warn({ err, jobId }, options.logMessages.runFailed))
        .finally(() => {
          running.delete(run);
          // A runner is free: the next due job need not wait for the next round.
          if (!stopped) void kick();
        });
      running.add(run);
    }
  }

  function kick(): Promise<void> {
    if (stopped) return Promise.resolve();
    if (claiming) {
      again = true;
      return claiming;
    }
    claiming = (async () => {
      try {
        do {
          again = false;
          await claimOnce();
        } while (again && !stopped);
      } catch (err) {
        logger.warn({ err }, options.logMessages.claimFailed);
      } finally {
        claiming = undefined;
      }
    })();
    return claiming;
  }

  return {
    start() {
      if (!stopped) return;
      stopped = false;
      timer = setInterval(() => void kick(), options.intervalMs ?? 5_000);
      timer.unref?.();
      unsubscribe = onJobQueued(deps.prisma, options.queue, () => void kick());
      void kick();
    },
    kick,
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      unsubscribe?.();
      await claiming;
      await Promise.all([...running]);
    },
  };
}
