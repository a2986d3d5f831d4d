// Jobs kept per connected site (one row per platform and connection, e.g. site_index_jobs, site_posts_jobs): asking
// for one now, and running a claimed one. A run finds the site (a job whose site was disconnected or replaced is
// removed), does its work while renewing its lease, and ends ready (due again after a while) or failed with a reason
// the owner can read, retried with a growing delay: 1 min, 2, 4 ... up to an hour, then once a day after many
// failures in a row. A runner that loses its lease stops at once and writes nothing more.
import type { Prisma } from "../db/index.ts";
import { isAppError } from "../errors/index.ts";
import type { Logger } from "../logger.ts";
import type { RetryDelayOptions } from "./compute-retry-delay.ts";
import { notifyJobQueued } from "./job-worker.ts";
import { finishJob, type LeaseQueue, renewJobLease, retryDelay } from "./lease-queue.ts";

type Column = string | number | boolean | Date | null;

export interface SiteJobKey {
  userId: number;
  platform: "shopify" | "wordpress";
  connectionId: number;
}

/** The timing of one kind of site job. */
export interface SiteJobKind {
  queue: LeaseQueue;
  leaseMs: number;
  /** A ready job is due again this long after it ran (and a job failing too often is retried this often). */
  againAfterMs: number;
  retry: RetryDelayOptions;
  maxAttempts: number;
  /**
   * A site turned off on the service (another site took its place) keeps its job, which does no work and waits a
   * while (`againAfterMs`) each time it comes due, until the site is turned on again; by default its job is removed.
   */
  keepWhileOff?: boolean;
}

/**
 * Asks for the site's job to run now: upserts it as due now (a run in progress finishes, then the job runs again) and
 * tells this process's worker, if it runs one, to claim it at once.
 */
export async function enqueueSiteJob(
  deps: { prisma: Prisma; now?: () => Date },
  queue: LeaseQueue,
  key: SiteJobKey,
): Promise<void> {
  const now = (deps.now?.() ?? new Date()).toISOString();
  const table = `"${queue.table}"`;
  await deps.prisma.$executeRawUnsafe(
    `INSERT INTO ${table} ("userId", "platform", "connectionId", "state", "nextAttemptAt", "createdAt", "updatedAt")
     VALUES ($1, $2, $3, 'queued', ($4::timestamptz AT TIME ZONE 'UTC'), ($4::timestamptz AT TIME ZONE 'UTC'),
             ($4::timestamptz AT TIME ZONE 'UTC'))
     ON CONFLICT ("platform", "connectionId") DO UPDATE
     SET "userId" = EXCLUDED."userId",
         "nextAttemptAt" = EXCLUDED."nextAttemptAt",
         "attempts" = 0,
         "state" = CASE WHEN ${table}."state" = $5 THEN $5 ELSE 'queued' END,
         "updatedAt" = EXCLUDED."updatedAt"`,
    key.userId,
    key.platform,
    key.connectionId,
    now,
    queue.running,
  );
  notifyJobQueued(deps.prisma, queue);
}

export class LeaseLost extends Error {
  override name = "LeaseLost";
}

/** Locks the job's row in a transaction, failing it (division by zero) unless `owner` still holds the job. */
export function holdJob(prisma: Prisma, queue: LeaseQueue, id: number, owner: string) {
  return prisma.$queryRawUnsafe(
    `SELECT 1 / count(*)::int AS held FROM (
       SELECT id FROM "${queue.table}" WHERE id = $1 AND "leaseOwner" = $2 AND "state" = $3 FOR UPDATE
     ) AS job`,
    id,
    owner,
    queue.running,
  );
}

const lostHold = (error: unknown) => error instanceof Error && /division by zero/i.test(error.message);

export type SiteJobOutcome = "ready" | "failed" | "lost" | "removed" | "off";

interface SiteJobRow {
  userId: number;
  platform: string;
  connectionId: number;
  leaseOwner: string | null;
  attempts: number;
}

export interface SiteJobRun<Job, Site> {
  job: Job;
  site: Site;
  key: SiteJobKey;
  now(): Date;
  /** Renews the lease (writing `set`, e.g. progress); throws LeaseLost when another runner has the job. */
  renew(set?: Record<string, Column>): Promise<void>;
  /** Locks the job's row inside a transaction that writes the result; the transaction fails if the job was lost. */
  hold(client?: Prisma): ReturnType<typeof holdJob>;
  /** What a failure writes besides its reason (e.g. the progress kept). */
  onFailure(set: () => Record<string, Column>): void;
}

export async function runSiteJob<Job extends SiteJobRow, Site extends { connection: { isActive: boolean } }>(
  deps: { prisma: Prisma; now?: () => Date; logger?: Logger },
  kind: SiteJobKind,
  input: { jobId: number; owner: string; leaseMs?: number },
  steps: {
    load(id: number): Promise<Job | null>;
    find(key: SiteJobKey): Promise<Site | null>;
    /**
     * Does the work; returns what the ready job records, when it is due again if sooner than the kind's `againAfterMs`,
     * and what to do once it is recorded.
     */
    work(
      run: SiteJobRun<Job, Site>,
    ): Promise<{ set: Record<string, Column>; dueInMs?: number; afterward?: () => Promise<void> }>;
    /** The reason recorded when the failure is not one the owner can read. */
    unexpected: string;
    logMessage: string;
  },
): Promise<SiteJobOutcome> {
  const { prisma } = deps;
  const { queue } = kind;
  const now = () => deps.now?.() ?? new Date();
  const { jobId: id, owner } = input;
  const leaseMs = input.leaseMs ?? kind.leaseMs;
  const job = await steps.load(id);
  if (!job || job.leaseOwner !== owner) return "lost";
  const platform = job.platform === "shopify" ? "shopify" : "wordpress";
  const key: SiteJobKey = { userId: job.userId, platform, connectionId: job.connectionId };
  const site = await steps.find(key);
  if (site && !site.connection.isActive && kind.keepWhileOff) {
    // Turned off: nothing is read; the job waits (turning the site on again makes it due at once).
    const at = now();
    const finished = await finishJob(prisma, queue, {
      id,
      owner,
      now: at,
      state: "ready",
      dueAt: new Date(at.getTime() + kind.againAfterMs),
      set: { lastError: null, attempts: 0 },
    });
    return finished ? "off" : "lost";
  }
  if (!site || !site.connection.isActive) {
    // Disconnected, or replaced by another site of the owner's: nothing to do (a reconnection queues it again).
    await prisma.$executeRawUnsafe(`DELETE FROM "${queue.table}" WHERE id = $1 AND "leaseOwner" = $2`, id, owner);
    return "removed";
  }
  let failureSet: () => Record<string, Column> = () => ({});
  const run: SiteJobRun<Job, Site> = {
    job,
    site,
    key,
    now,
    async renew(set) {
      if (!(await renewJobLease(prisma, queue, { id, owner, now: now(), leaseMs, set }))) throw new LeaseLost();
    },
    hold: (client) => holdJob(client ?? prisma, queue, id, owner),
    onFailure(set) {
      failureSet = set;
    },
  };
  try {
    let result: Awaited<ReturnType<typeof steps.work>>;
    try {
      result = await steps.work(run);
    } catch (error) {
      if (lostHold(error)) return "lost";
      throw error;
    }
    const at = now();
    const finished = await finishJob(prisma, queue, {
      id,
      owner,
      now: at,
      state: "ready",
      dueAt: new Date(at.getTime() + Math.max(0, Math.min(result.dueInMs ?? kind.againAfterMs, kind.againAfterMs))),
      set: { ...result.set, lastError: null, attempts: 0 },
    });
    if (!finished) return "lost";
    await result.afterward?.();
    return "ready";
  } catch (error) {
    if (error instanceof LeaseLost) return "lost";
    const at = now();
    const message = isAppError(error) ? error.message : steps.unexpected;
    if (!isAppError(error)) deps.logger?.warn({ err: error, jobId: id }, steps.logMessage);
    const delay = job.attempts >= kind.maxAttempts ? kind.againAfterMs : retryDelay(job.attempts, kind.retry);
    await finishJob(prisma, queue, {
      id,
      owner,
      now: at,
      state: "failed",
      dueAt: new Date(at.getTime() + delay),
      set: { ...failureSet(), lastError: message },
    });
    return "failed";
  }
}
