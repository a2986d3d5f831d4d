// Group commit for publication usage: publications counted while a count is being written are written together in
// the next one (countPublications: one statement for many), instead of one statement each. Nothing waits when
// publications are few: a count arriving when none is being written goes out on the next turn of the event loop.
// A batch that fails is retried one publication at a time, so one bad row (a user deleted meanwhile) cannot lose the
// others' counts; a publication whose count still fails rejects, as recordPublication would.
import type { Prisma } from "../db/client.ts";
import { countPublications } from "./generation-quota.ts";

/** Counts one publication of the user at `at` (default now) in that month's usage; resolves once it is written. */
export type PublicationCounter = (userId: number, at?: Date) => Promise<void>;

interface Waiting {
  publication: { userId: number; at: Date };
  resolve(): void;
  reject(error: unknown): void;
}

/** Most publications counted in one statement. */
const maxBatch = 500;

export function createPublicationCounter(deps: { prisma: Prisma }): PublicationCounter {
  const queue: Waiting[] = [];
  let writing = false;

  async function write(batch: Waiting[]): Promise<void> {
    try {
      await countPublications(
        deps,
        batch.map((w) => w.publication),
      );
      for (const waiting of batch) waiting.resolve();
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

  return (userId, at = new Date()) =>
    new Promise<void>((resolve, reject) => {
      queue.push({ publication: { userId, at }, resolve, reject });
      if (writing) return;
      writing = true;
      setImmediate(() => void drain());
    });
}
