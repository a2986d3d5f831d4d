// The scheduler's claim: takes up to `limit` publications that are due (pending with dueAt passed) or abandoned (in
// flight under a lease that expired: its instance crashed or hung) and leases them to `owner`. One statement on one
// connection: the rows are selected FOR UPDATE SKIP LOCKED, so instances claiming at the same moment each get
// different rows and none waits for another, and updated before the statement commits. Times are passed as UTC
// ISO strings because the columns are timestamps without time zone holding UTC (as Prisma writes them).
import type { Database } from "../db/index.ts";
import { readClaimedPublications } from "./read-claimed-publications.ts";
import type { ClaimedPublication } from "./types.ts";

const claimSql = `
WITH picked AS (
  SELECT id FROM "post_publications"
  WHERE ("status" = 'pending' AND "dueAt" <= ($1::timestamptz AT TIME ZONE 'UTC'))
     OR ("status" = 'publishing' AND "leaseUntil" < ($1::timestamptz AT TIME ZONE 'UTC'))
  ORDER BY "dueAt" ASC NULLS FIRST, id ASC
  LIMIT $4
  FOR UPDATE SKIP LOCKED
)
UPDATE "post_publications" AS p
SET "status" = 'publishing',
    "leaseOwner" = $2,
    "leaseUntil" = ($3::timestamptz AT TIME ZONE 'UTC'),
    "attempts" = p."attempts" + 1,
    "updatedAt" = ($1::timestamptz AT TIME ZONE 'UTC')
FROM picked
WHERE p.id = picked.id
RETURNING p.id`;

export interface ClaimOptions {
  /** Unique per claim: the rows' leaseOwner, which every later write of this worker is guarded by. */
  owner: string;
  now: Date;
  leaseMs: number;
  limit: number;
}

export async function claimDuePublications(db: Database, options: ClaimOptions): Promise<ClaimedPublication[]> {
  if (options.limit <= 0) return [];
  const leaseUntil = new Date(options.now.getTime() + options.leaseMs);
  const rows = await db.withSession((session) =>
    session.query<{ id: number }>(claimSql, [options.now.toISOString(), options.owner, leaseUntil.toISOString(), options.limit]),
  );
  return readClaimedPublications(
    db,
    rows.map((r) => Number(r.id)),
    options.owner,
  );
}
