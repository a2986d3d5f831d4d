// The connection in use of each user, per platform, kept in memory for the scheduler: publishing a burst of posts to
// a store reads its connection once instead of once per claim. The rows are RowCaches (core/src/db/row-cache.ts):
// trusted only while this process listens to the row_changes channel, where the connection tables' triggers report
// every insert, update and delete by user (migration 20261122120000_connection_row_changes), so a connection changed
// or removed in any instance is dropped here before its next use. Writes made in this process also forget the
// user's entry as soon as they commit. Without watch(), every read goes to the database.
import type { Platform } from "../contracts/blog.ts";
import {
  RowCache,
  watchRowChanges,
  type Database,
  type Prisma,
  type ShopifyConnection,
  type WordpressConnection,
} from "../db/index.ts";
import { findCurrentShopifyConnection, findCurrentWordpressConnection } from "./current-connections.ts";

/** Users whose connections are kept; the least recently used go first. */
const CACHED_USERS = 10_000;
/** A connection is read again after this long even without news of a change (a backstop, not the mechanism). */
const CACHE_BACKSTOP_MS = 10 * 60_000;

const userIdKey = (text: string): number | undefined => (/^\d+$/.test(text) ? Number(text) : undefined);

export class ConnectionRows {
  private readonly shopify = new RowCache<number, ShopifyConnection>({
    table: "custom_shopify_connections",
    parseKey: userIdKey,
    max: CACHED_USERS,
    ttlMs: CACHE_BACKSTOP_MS,
  });
  private readonly wordpress = new RowCache<number, WordpressConnection>({
    table: "custom_wordpress_connections",
    parseKey: userIdKey,
    max: CACHED_USERS,
    ttlMs: CACHE_BACKSTOP_MS,
  });
  private watchers = 0;

  /** The user's Shopify connection in use (findCurrentShopifyConnection), from memory while changes are heard. */
  currentShopify(prisma: Prisma, userId: number): Promise<ShopifyConnection | null> {
    return this.shopify.get(userId, (id) => findCurrentShopifyConnection(prisma, id));
  }

  /** The user's WordPress connection in use (findCurrentWordpressConnection), from memory while changes are heard. */
  currentWordpress(prisma: Prisma, userId: number): Promise<WordpressConnection | null> {
    return this.wordpress.get(userId, (id) => findCurrentWordpressConnection(prisma, id));
  }

  /** Drops what is kept of the user's connections on that platform (they were just changed here). */
  forget(userId: number, platform: Platform): void {
    (platform === "shopify" ? this.shopify : this.wordpress).delete(userId);
  }

  /**
   * Listens to the connection tables' changes, and serves rows from memory while that listening holds, until the
   * returned function is called; from then on (once every watcher has stopped) every read goes to the database again.
   */
  async watch(db: Pick<Database, "listen">): Promise<() => Promise<void>> {
    const caches = [this.shopify, this.wordpress];
    const unlisten = await watchRowChanges(db, caches);
    this.watchers += 1;
    let stopped = false;
    return async () => {
      if (stopped) return;
      stopped = true;
      this.watchers -= 1;
      // Nothing tells the caches once their listener is stopped: they must not go on trusting themselves.
      if (this.watchers === 0) for (const cache of caches) cache.setListening(false);
      await unlisten();
    };
  }
}
