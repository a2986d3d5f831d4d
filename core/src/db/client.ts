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

export interface Database {
  readonly engine: "postgres" | "pglite";
  readonly prisma: Prisma;
  /** Runs fn on one dedicated connection (for session-level state such as advisory locks or a transaction). */
  withSession<T>(fn: (session: SqlSession) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** postgres:// URL; when absent the embedded database is used. */
  databaseUrl?: string | undefined;
  /** Folder of the embedded database's files; omitted means in memory (tests). */
  dataDir?: string | undefined;
  /** Pool size for PostgreSQL. */
  maxConnections?: number;
}

export async function createDatabase(options: DatabaseOptions): Promise<Database> {
  return options.databaseUrl ? createPostgres(options.databaseUrl, options.maxConnections ?? 10) : createPglite(options.dataDir);
}

function createPostgres(connectionString: string, max: number): Database {
  const pool = new pg.Pool({ connectionString, max });
  // An idle client that loses its server emits here; without a listener the process would crash.
  pool.on("error", () => undefined);
  const prisma = new PrismaClient({ adapter: new PrismaPg(pool) });
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
    async close() {
      await prisma.$disconnect();
      await pool.end();
    },
  };
}

async function createPglite(dataDir: string | undefined): Promise<Database> {
  let pglite: PGlite;
  if (dataDir) {
    const dir = join(dataDir, "pglite");
    mkdirSync(dir, { recursive: true });
    pglite = await PGlite.create(dir);
  } else {
    pglite = await PGlite.create();
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
    async close() {
      await prisma.$disconnect();
      await pglite.close();
    },
  };
}
