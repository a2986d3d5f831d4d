// Group commit for the scheduler's results: outcomes that arrive while a batch is being written are written together in
// the next one (recordOutcomes), one transaction for many publications instead of one each. Nothing waits when the
// scheduler is quiet: an outcome arriving when no batch is being written goes out on the next turn of the event loop.
// A batch that fails is retried one outcome at a time, so one bad row cannot take the others down with it; an
// outcome that still fails rejects (its lease then expires, and the publication is retried).
import type { Database, PostPublication } from "../db/index.ts";
import { recordOutcomes, type OutcomeToRecord } from "./record-outcomes.ts";

export type RecordOutcome = (outcome: OutcomeToRecord) => Promise<PostPublication | null>;

interface Waiting {
  outcome: OutcomeToRecord;
  resolve(publication: PostPublication | null): void;
  reject(error: unknown): void;
}

/** Most outcomes written in one transaction. */
const defaultMaxBatch = 100;

export function createOutcomeRecorder(db: Database, options: { maxBatch?: number } = {}): RecordOutcome {
  const maxBatch = options.maxBatch ?? defaultMaxBatch;
  const queue: Waiting[] = [];
  let writing = false;

  async function write(batch: Waiting[]): Promise<void> {
    try {
      const results = await recordOutcomes(
        db,
        batch.map((w) => w.outcome),
      );
      batch.forEach((w, i) => w.resolve(results[i] ?? null));
    } catch (error) {
      if (batch.length === 1) {
        batch[0]!.reject(error);
        return;
      }
      for (const waiting of batch) await write([waiting]);
    }
  }

  async function drain(): Promise<void> {
    while (queue.length) await write(queue.splice(0, maxBatch));
    writing = false;
  }

  return (outcome) =>
    new Promise<PostPublication | null>((resolve, reject) => {
      queue.push({ outcome, resolve, reject });
      if (writing) return;
      writing = true;
      setImmediate(() => void drain());
    });
}
