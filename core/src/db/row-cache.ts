// An in-process cache of database rows that is only trusted while it hears of every change to them.
//
// The rows' tables carry triggers that NOTIFY the `row_changes` channel with "<table>:<key>" after each UPDATE or
// DELETE (migration 20261122110000_row_change_notifications). watchRowChanges listens there and drops the named entry
// from the cache of that table, on this instance and on every other one sharing the database. While the listening
// connection is down the caches are bypassed (every read goes to the database) and emptied, because a change could
// have been missed; they fill again once listening resumes.
//
// A read that started before a change and finishes after it could put the old row back: each cache counts the
// changes it has been told of, and a read only fills the cache if no change arrived while it was under way.
import { LRUCache } from "lru-cache";
import type { Database } from "./client.ts";

export const ROW_CHANGES_CHANNEL = "row_changes";

export interface RowCacheOptions<K> {
  /** The table whose triggers report changes to these rows (as named in the database). */
  table: string;
  /** Reads a key back from the text of a notification. */
  parseKey: (text: string) => K | undefined;
  /** Most rows kept; the least recently used go first. */
  max: number;
  /** A row is read again after this long even without news of a change (a backstop, not the mechanism). */
  ttlMs: number;
}

export class RowCache<K extends string | number, V extends object> {
  readonly table: string;
  private readonly rows: LRUCache<K, V>;
  private readonly parseKey: (text: string) => K | undefined;
  private changes = 0;
  private listening = false;

  constructor(options: RowCacheOptions<K>) {
    this.table = options.table;
    this.parseKey = options.parseKey;
    this.rows = new LRUCache<K, V>({ max: options.max, ttl: options.ttlMs });
  }

  /** The row for key: from the cache when it holds it, else from load (a null result is not kept). */
  async get(key: K, load: (key: K) => Promise<V | null>): Promise<V | null> {
    if (!this.listening) return load(key);
    const cached = this.rows.get(key);
    if (cached !== undefined) return cached;
    const seen = this.changes;
    const row = await load(key);
    if (row !== null && this.listening && seen === this.changes) this.rows.set(key, row);
    return row;
  }

  /** Forgets one row (it changed, or is about to). */
  delete(key: K): void {
    this.changes += 1;
    this.rows.delete(key);
  }

  /** Forgets every row. */
  clear(): void {
    this.changes += 1;
    this.rows.clear();
  }

  /** Handles the key part of a notification about this table. */
  changed(keyText: string): void {
    const key = this.parseKey(keyText);
    if (key === undefined) this.clear();
    else this.delete(key);
  }

  /** Whether notifications are arriving; while not, nothing is served from or put into the cache. */
  setListening(listening: boolean): void {
    this.listening = listening;
    this.clear();
  }

  get size(): number {
    return this.rows.size;
  }
}

/** Keeps the caches in step with the database's change notifications until the returned function is called. */
export async function watchRowChanges(
  db: Pick<Database, "listen">,
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  caches: RowCache<any, any>[],
): Promise<() => Promise<void>> {
  const byTable = new Map(caches.map((cache) => [cache.table, cache]));
  const unlisten = await db.listen(ROW_CHANGES_CHANNEL, {
    onMessage(payload) {
      const colon = payload.indexOf(":");
      const cache = byTable.get(payload.slice(0, colon));
      cache?.changed(payload.slice(colon + 1));
    },
    onListening(listening) {
      for (const cache of caches) cache.setListening(listening);
    },
  });
  return async () => {
    await unlisten();
    // Nobody hears of changes any more: from now on every read goes to the database.
    for (const cache of caches) cache.setListening(false);
  };
}
