// The scheduler's claim: takes up to `limit` publications that are due (pending with dueAt passed) or abandoned (in
// flight under a lease that expired: its instance crashed or hung) and leases them to `owner`, through the one lease
// queue (core/src/jobs): one statement, rows selected FOR UPDATE SKIP LOCKED, so instances claiming at the same
// moment each get different rows and none waits for another. A publication keeps its dueAt (the time it was
// scheduled for), and only pending rows are claimed when due (a published or failed one keeps its time too).
import type { Database } from "../db/index.ts";
import { claimJobs, type LeaseQueue } from "../jobs/index.ts";
import { readClaimedPublications } from "./read-claimed-publications.ts";
import type { ClaimedPublication } from "./types.ts";

export const PUBLICATION_QUEUE: LeaseQueue = {
  table: "post_publications",
  running: "publishing",
  stateColumn: "status",
  dueColumn: "dueAt",
  claimable: ["pending"],
  keepDue: true,
};

export interface ClaimOptions {
  /** Unique per claim: the rows' leaseOwner, which every later write of this worker is guarded by. */
  owner: string;
  now: Date;
  leaseMs: number;
  limit: number;
}

export async function claimDuePublications(db: Database, options: ClaimOptions): Promise<ClaimedPublication[]> {
  const ids = await claimJobs(db, PUBLICATION_QUEUE, options);
  return readClaimedPublications(db, ids, options.owner);
}
