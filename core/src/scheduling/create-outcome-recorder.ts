// Group commit for the scheduler's results (createGroupCommit): outcomes that arrive while a batch is being written are
// written together in the next one (recordOutcomes), one transaction for many publications instead of one each. An
// outcome whose write still fails on its own rejects (its lease then expires, and the publication is retried).
import { createGroupCommit } from "../db/group-commit.ts";
import type { Database, PostPublication } from "../db/index.ts";
import { recordOutcomes, type OutcomeToRecord } from "./record-outcomes.ts";

export type RecordOutcome = (outcome: OutcomeToRecord) => Promise<PostPublication | null>;

/** Most outcomes written in one transaction. */
const defaultMaxBatch = 100;

export function createOutcomeRecorder(db: Database, options: { maxBatch?: number } = {}): RecordOutcome {
  return createGroupCommit<OutcomeToRecord, PostPublication | null>(
    (outcomes) => recordOutcomes(db, outcomes),
    options.maxBatch ?? defaultMaxBatch,
  );
}
