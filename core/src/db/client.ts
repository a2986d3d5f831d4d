// The database: PostgreSQL when a URL is given (the system of record in production), otherwise PGlite, an embedded
// PostgreSQL compiled to WebAssembly, keeping its files in DATA_DIR. Both speak the same SQL, so one schema, one set
// of migrations and one Prisma client serve both.
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { PrismaPGlite } from "pglite-prisma-adapter";
import { PrismaClient } from "./generated/client.ts";

export type Prisma = InstanceType<typeof PrismaClient>;
export { PrismaClient };
export { Prisma as PrismaNamespace } from "./generated/client.ts";

/** A plain SQL connection, for what Prisma cannot express: migrations, advisory locks, SKIP LOCKED claims. */
export interface SqlSession {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  /** Runs a script of several statements (no parameters). */
  exec(sql: string): Promise<void>;
}

/** What a listener on a notification channel is told. */
export interface ChannelListener {
  /** A payload sent to the channel with NOTIFY (or pg_notify), delivered after the sending transaction commits. */
  onMessage(payload: string): void;
  /**
   * false when the listening connection is lost (messages may be missed from then on), true when listening starts
   * or resumes. Whoever relies on the messages must not trust what it derived from them while not listening.
   */
  onListening(listening: boolean): void;
}

export interface Database {
  readonly engine: "postgres" | "pglite";
  readonly prisma: Prisma;
  /** Runs fn on one dedicated connection (for session-level state such as advisory locks or a transaction). */
  withSession<T>(fn: (session: SqlSession) => Promise<T>): Promise<T>;
  /**
   * LISTENs on a channel (a lower-case identifier) until the returned function is called. On PostgreSQL this holds a
   * connection of its own outside the pool and reconnects, with a pause, whenever that connection is lost.
   */
  listen(channel: string, listener: ChannelListener): Promise<() => Promise<void>>;
  /** The embedded database only: its whole data folder as a tarball, which `loadDataDir` starts a new one from. */
  dumpDataDir?(): Promise<Blob>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** postgres:// URL; when absent the embedded database is used. */
  databaseUrl?: string | undefined;
  /** Folder of the embedded database's files; omitted means in memory (tests). */
  dataDir?: string | undefined;
  /** Pool size for PostgreSQL. */
  maxConnections?: number;
  /** For an embedded database in memory: a data folder's tarball (from `dumpDataDir`) to start from. */
  loadDataDir?: Blob | undefined;
}

export async function createDatabase(options: DatabaseOptions): Promise<Database> {
  return options.databaseUrl ? createPostgres(options.databaseUrl, options.maxConnections ?? 10) : createPglite(options.dataDir, options.loadDataDir);
}

const channelName = /^[a-z_][a-z0-9_]{0,62}$/;
const RELISTEN_DELAY_MS = 1000;

function checkChannel(channel: string): void {
  if (!channelName.test(channel)) throw new Error(`Not a channel name: ${channel}`);
}

/** LISTEN on a connection of its own, reconnecting until stopped. Resolves once the first attempt has finished. */
async function listenOnPostgres(connectionString: string, channel: string, listener: ChannelListener): Promise<() => Promise<void>> {
  checkChannel(channel);
  let current: pg.Client | undefined;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;

  const lost = (client: pg.Client) => {
    if (current !== client) return;
    current = undefined;
    listener.onListening(false);
    client.end().catch(() => undefined);
    if (!stopped) retry = setTimeout(() => void connect(), RELISTEN_DELAY_MS);
  };

  const connect = async () => {
    const client = new pg.Client({ connectionString });
    client.on("notification", (message) => {
      if (message.channel === channel) listener.onMessage(message.payload ?? "");
    });
    client.on("error", () => lost(client));
    client.on("end", () => lost(client));
    current = client;
    try {
      await client.connect();
      await client.query(`LISTEN ${channel}`);
    } catch {
      lost(client);
      return;
    }
    if (stopped) {
      current = undefined;
      await client.end().catch(() => undefined);
    } else if (current === client) {
      listener.onListening(true);
    }
  };

  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    const client = current;
    current = undefined;
    await client?.end().catch(() => undefined);
  };
}

function createPostgres(connectionString: string, max: number): Database {
  const pool = new pg.Pool({ connectionString, max });
  // An idle client that loses its server emits here; without a listener the process would crash.
  pool.on("error", () => undefined);
  const prisma = new PrismaClient({ adapter: new PrismaPg(pool) });
  const listeners = new Set<() => Promise<void>>();
  return {
    engine: "postgres",
    prisma,
    async withSession(fn) {
      const client = await pool.connect();
      try {
        return await fn({
          async query(sql, params) {
            return (await client.query(sql, params as unknown[])).rows;
          },
          async exec(sql) {
            await client.query(sql);
          },
        });
      } finally {
        client.release();
      }
    },
    async listen(channel, listener) {
      const stop = await listenOnPostgres(connectionString, channel, listener);
      listeners.add(stop);
      return async () => {
        listeners.delete(stop);
        await stop();
      };
    },
    async close() {
      await Promise.all([...listeners].map((stop) => stop()));
      await prisma.$disconnect();
      await pool.end();
    },
  };
}

async function createPglite(dataDir: string | undefined, loadDataDir: Blob | undefined): Promise<Database> {
  let pglite: PGlite;
  if (dataDir) {
    const dir = join(dataDir, "pglite");
    // The data folder holds the database and the generated secrets: readable by the server's own user only.
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    pglite = await PGlite.create(dir);
  } else {
    pglite = await PGlite.create(loadDataDir ? { loadDataDir } : {});
  }
  const prisma = new PrismaClient({ adapter: new PrismaPGlite(pglite) });
  const session: SqlSession = {
    async query(sql, params) {
      return (await pglite.query(sql, params as unknown[])).rows as never[];
    },
    async exec(sql) {
      await pglite.exec(sql);
    },
  };
  return {
    engine: "pglite",
    prisma,
    // PGlite is a single connection: everything already runs on it, one statement at a time.
    withSession: (fn) => fn(session),
    async listen(channel, listener) {
      // One connection in this process: notifications arrive with the results of the statement that caused them.
      checkChannel(channel);
      const unlisten = await pglite.listen(channel, (payload) => listener.onMessage(payload));
      listener.onListening(true);
      return unlisten;
    },
    async dumpDataDir() {
      return pglite.dumpDataDir("none");
    },
    async close() {
      await prisma.$disconnect();
      await pglite.close();
    },
  };
}
