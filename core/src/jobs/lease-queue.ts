// Work claimed from PostgreSQL under a lease, shared by any number of instances on one database (or one process on the
// embedded one). A queue is a table whose rows follow one convention:
//   "state"          the job's state; one value (`running`) means "an instance holds it"
//   "nextAttemptAt"  when the job is due (null: not due until something sets it)
//   "leaseOwner"     who holds it while running, unique per claim: every later write of that worker is guarded by it
//   "leaseUntil"     when the holder's lease lapses (an instance that crashed or hung loses the job then)
//   "attempts"       claims since the job was last queued afresh
//   "updatedAt"
//
// - claim: up to N rows that are due (not running and nextAttemptAt passed) or abandoned (running under a lapsed
//   lease), oldest due first, in one statement: FOR UPDATE SKIP LOCKED, so instances claiming at the same moment get
//   different rows and none waits for another. A claimed row's nextAttemptAt is cleared: a request made while it runs
//   (sets nextAttemptAt again) survives the end of the run, which keeps the row due instead of overwriting it.
// - renew: pushes the lease further (with other columns, e.g. progress); false when the lease was lost, and the
//   worker must stop.
// - finish: ends the claim with a state and the next due time (or the one requested while it ran, if sooner).
// - retryDelay: the growing delay between failed attempts.
//
// A table whose columns are named otherwise, or whose finished rows keep their due time (a publication keeps the time
// it was scheduled for), says so in its LeaseQueue: `stateColumn`, `dueColumn`, the `claimable` states (a due row in
// any other state is never claimed) and `keepDue` (a claim leaves the due time as it is). The claim runs on the
// database's own connection pool when given the Database (one round trip, no ORM in the way), as the scheduler's hot
// path needs, or through Prisma.
//
// Times are passed as UTC ISO strings because the columns are timestamps without time zone holding UTC (as Prisma
// writes them).
import type { Database, Prisma } from "../db/index.ts";
import { computeRetryDelay, type RetryDelayOptions } from "./compute-retry-delay.ts";

export interface LeaseQueue {
  /** The table's name (a constant of the code, never user input). */
  table: string;
  /** The state a claimed row is in. */
  running: string;
  /** The column holding the state. Default "state". */
  stateColumn?: string;
  /** The column holding the due time. Default "nextAttemptAt". */
  dueColumn?: string;
  /** The states a due row is claimed from. Default: every state but `running`. */
  claimable?: readonly string[];
  /** A claim leaves the due time as it is (it is the row's own, e.g. a post's scheduled time). Default false. */
  keepDue?: boolean;
  /** A waiting row with no due time is due (it was never tried). Default false: not due until something sets it. */
  dueWhenNull?: boolean;
  /** Rows are claimed in this column's order instead of their due time's (e.g. a title's slot). */
  orderColumn?: string;
}

const name = (column: string) => {
  if (!/^[A-Za-z]+$/.test(column)) throw new Error(`not a column name: ${column}`);
  return `"${column}"`;
};

type Column = string | number | boolean | Date | null;

const utc = (index: number) => `($${index}::timestamptz AT TIME ZONE 'UTC')`;

/** `"col" = $n` for each column, with its parameters appended to `params`. */
function assignments(set: Record<string, Column>, params: unknown[]): string[] {
  return Object.entries(set).map(([column, value]) => {
    if (!/^[A-Za-z]+$/.test(column)) throw new Error(`not a column name: ${column}`);
    if (value === null) return `"${column}" = NULL`;
    params.push(value instanceof Date ? value.toISOString() : value);
    return `"${column}" = ${value instanceof Date ? utc(params.length) : `$${params.length}`}`;
  });
}

export interface ClaimJobsOptions {
  owner: string;
  now: Date;
  leaseMs: number;
  limit: number;
  /**
   * A further condition a row must meet to be claimed now (e.g. a window of time), as SQL written by the code on the
   * row's own columns; values go through `param`, which returns their placeholder (`time`: a UTC timestamp).
   */
  where?: (param: (value: string | number | Date) => string) => string;
}

/**
 * Claims up to `limit` due or abandoned rows for `owner`; returns their ids, oldest due first. Given the Database, the
 * statement runs on a connection of its pool; given Prisma, through it.
 */
export async function claimJobs(
  db: Prisma | Database,
  queue: LeaseQueue,
  options: ClaimJobsOptions,
): Promise<number[]> {
  if (options.limit <= 0) return [];
  const leaseUntil = new Date(options.now.getTime() + options.leaseMs);
  const state = name(queue.stateColumn ?? "state");
  const due = name(queue.dueColumn ?? "nextAttemptAt");
  const table = `"${queue.table}"`;
  const params: unknown[] = [
    options.now.toISOString(),
    options.owner,
    leaseUntil.toISOString(),
    options.limit,
    queue.running,
  ];
  const param = (value: string | number | Date) => {
    params.push(value instanceof Date ? value.toISOString() : value);
    return value instanceof Date ? utc(params.length) : `$${params.length}`;
  };
  const waiting = queue.claimable
    ? `${state} IN (SELECT jsonb_array_elements_text(${param(JSON.stringify(queue.claimable))}::jsonb))`
    : `${state} <> $5`;
  const isDue = queue.dueWhenNull ? `(${due} IS NULL OR ${due} <= ${utc(1)})` : `${due} <= ${utc(1)}`;
  const further = options.where ? `(${options.where(param)}) AND ` : "";
  const order = queue.orderColumn ? name(queue.orderColumn) : `COALESCE(${due}, "leaseUntil")`;
  const sql = `WITH picked AS (
       SELECT id, ${order} AS due FROM ${table}
       WHERE ${further}((${waiting} AND ${isDue})
          OR (${state} = $5 AND "leaseUntil" < ${utc(1)}))
       ORDER BY ${order} ASC, id ASC
       LIMIT $4
       FOR UPDATE SKIP LOCKED
     )
     UPDATE ${table} AS j
     SET ${state} = $5, "leaseOwner" = $2, "leaseUntil" = ${utc(3)}, "attempts" = j."attempts" + 1,
         ${queue.keepDue ? "" : `${due} = NULL, `}"updatedAt" = ${utc(1)}
     FROM picked WHERE j.id = picked.id
     RETURNING j.id, picked.due`;
  const rows =
    "withSession" in db
      ? await db.withSession((session) => session.query<{ id: number; due: Date | string }>(sql, params))
      : await db.$queryRawUnsafe<Array<{ id: number; due: Date | string }>>(sql, ...params);
  // RETURNING keeps no order: the oldest due (or first in the queue's order) first again.
  const time = (row: { due: Date | string }) => new Date(row.due).getTime();
  rows.sort((a, b) => time(a) - time(b) || Number(a.id) - Number(b.id));
  return rows.map((row) => Number(row.id));
}

/** Extends `owner`'s lease on the row (and writes `set`); false when another instance has taken it over. */
export async function renewJobLease(
  prisma: Prisma,
  queue: LeaseQueue,
  input: { id: number; owner: string; now: Date; leaseMs: number; set?: Record<string, Column> },
): Promise<boolean> {
  const params: unknown[] = [input.id, input.owner, queue.running];
  const set = assignments(
    { ...input.set, leaseUntil: new Date(input.now.getTime() + input.leaseMs), updatedAt: input.now },
    params,
  );
  const count = await prisma.$executeRawUnsafe(
    `UPDATE "${queue.table}" SET ${set.join(", ")} WHERE id = $1 AND "leaseOwner" = $2 AND ${name(queue.stateColumn ?? "state")} = $3`,
    ...params,
  );
  return count === 1;
}

/**
 * Ends `owner`'s claim: the row takes `state` (and `set`) and is due again at `dueAt` (or null), unless a new request
 * made it due sooner while it ran. False when the claim had been lost (nothing is written then).
 */
export async function finishJob(
  prisma: Prisma,
  queue: LeaseQueue,
  input: { id: number; owner: string; now: Date; state: string; dueAt: Date | null; set?: Record<string, Column> },
): Promise<boolean> {
  const params: unknown[] = [input.id, input.owner, queue.running];
  const set = assignments(
    {
      ...input.set,
      [queue.stateColumn ?? "state"]: input.state,
      leaseOwner: null,
      leaseUntil: null,
      updatedAt: input.now,
    },
    params,
  );
  const column = name(queue.dueColumn ?? "nextAttemptAt");
  let due = `${column} = ${column}`;
  if (input.dueAt) {
    params.push(input.dueAt.toISOString());
    due = `${column} = LEAST(COALESCE(${column}, ${utc(params.length)}), ${utc(params.length)})`;
  }
  const count = await prisma.$executeRawUnsafe(
    `UPDATE "${queue.table}" SET ${[...set, due].join(", ")}
     WHERE id = $1 AND "leaseOwner" = $2 AND ${name(queue.stateColumn ?? "state")} = $3`,
    ...params,
  );
  return count === 1;
}

/** How long after the `attempts`-th failure the next try is due: base, twice that, ... capped. */
export function retryDelay(attempts: number, options: RetryDelayOptions): number {
  return computeRetryDelay(attempts, undefined, options);
}
