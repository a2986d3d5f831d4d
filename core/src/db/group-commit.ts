// Group commit: items submitted while a batch is being written are written together in the next one, one statement or
// transaction for many instead of one each. Nothing waits when items are few: an item arriving when no batch is being
// written goes out on the next turn of the event loop. A batch that fails is retried one item at a time, so one bad row
// cannot take the others down with it; an item that still fails rejects its own promise.

/** Returns submit(item), which resolves with the item's result (writeBatch's result at the item's position). */
export function createGroupCommit<T, R>(
  writeBatch: (items: T[]) => Promise<R[]>,
  maxBatch: number,
): (item: T) => Promise<R> {
  interface Waiting {
    item: T;
    resolve(result: R): void;
    reject(error: unknown): void;
  }
  const queue: Waiting[] = [];
  let writing = false;

  async function write(batch: Waiting[]): Promise<void> {
    try {
      const results = await writeBatch(batch.map((w) => w.item));
      batch.forEach((w, i) => w.resolve(results[i] as R));
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

  return (item) =>
    new Promise<R>((resolve, reject) => {
      queue.push({ item, resolve, reject });
      if (writing) return;
      writing = true;
      setImmediate(() => void drain());
    });
}
