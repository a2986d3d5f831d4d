// A migrated, empty database to start each test database from. Creating an embedded database runs initdb inside
// WebAssembly and then every migration: several seconds, paid by each test file. A copy of a migrated one costs a
// fraction of that: on PGlite a dump of the data folder (a tarball kept in the system's temporary directory), on a
// PostgreSQL server a template database (`CREATE DATABASE … TEMPLATE`). Both are named by a fingerprint of the
// migrations and of the installed dependencies, so a new migration or engine version makes a new template; an
// unfinished one is never used (each is built under a temporary name and renamed when complete).
import { createHash, randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { createDatabase } from "../db/client.ts";
import { defaultMigrationsDir, migrate } from "../db/migrate.ts";

const repoRoot = fileURLToPath(new URL("../../..", import.meta.url));
const cacheDir = path.join(tmpdir(), "postwright-test-database");
const HOUR_MS = 60 * 60_000;

let fingerprintOnce: Promise<string> | undefined;

/** A short hash of every migration and of the lockfile (the engine's version). */
export function migrationsFingerprint(): Promise<string> {
  fingerprintOnce ??= (async () => {
    const hash = createHash("sha256");
    for (const name of (await readdir(defaultMigrationsDir)).sort()) {
      const file = path.join(defaultMigrationsDir, name, "migration.sql");
      if (existsSync(file))
        hash
          .update(name)
          .update("\0")
          .update(await readFile(file));
    }
    const lockfile = path.join(repoRoot, "package-lock.json");
    if (existsSync(lockfile)) hash.update(await readFile(lockfile));
    return hash.digest("hex").slice(0, 16);
  })();
  return fingerprintOnce;
}

let pgliteDump: Promise<Blob> | undefined;

/** The data folder of a migrated, empty PGlite database, as the tarball PGlite loads with `loadDataDir`. */
export function pgliteTemplate(): Promise<Blob> {
  pgliteDump ??= (async () => {
    const file = path.join(cacheDir, `pglite-${await migrationsFingerprint()}.tar`);
    if (!existsSync(file)) {
      await mkdir(cacheDir, { recursive: true });
      const db = await createDatabase({});
      try {
        await migrate(db);
        if (!db.dumpDataDir) throw new Error("The embedded database cannot dump its data folder.");
        const dump = await db.dumpDataDir();
        const partial = `${file}.${randomBytes(6).toString("hex")}`;
        await writeFile(partial, Buffer.from(await dump.arrayBuffer()));
        await rename(partial, file);
      } finally {
        await db.close();
      }
      await removeStaleFiles(file);
    }
    return new Blob([await readFile(file)]);
  })();
  pgliteDump.catch(() => (pgliteDump = undefined));
  return pgliteDump;
}

async function removeStaleFiles(keep: string): Promise<void> {
  for (const name of await readdir(cacheDir).catch(() => [] as string[])) {
    const file = path.join(cacheDir, name);
    if (file === keep) continue;
    const info = await stat(file).catch(() => undefined);
    if (info && info.mtimeMs < Date.now() - HOUR_MS) await rm(file, { recursive: true, force: true });
  }
}

/** The advisory lock under which a server's template database is built, so that parallel test files build it once. */
const TEMPLATE_LOCK = 72707370;
const TEMPLATE_PREFIX = "postwright_template_";

/**
 * The name of a migrated, empty database on the PostgreSQL server, to give as TEMPLATE when creating a test database.
 * Built once per server and fingerprint (under an advisory lock, in a database of another name renamed when done).
 */
export async function postgresTemplate(server: string): Promise<string> {
  const name = `${TEMPLATE_PREFIX}${await migrationsFingerprint()}`;
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  try {
    if (await databaseExists(admin, name)) return name;
    await admin.query("SELECT pg_advisory_lock($1)", [TEMPLATE_LOCK]);
    try {
      if (await databaseExists(admin, name)) return name;
      const building = `${TEMPLATE_PREFIX}building_${randomBytes(4).toString("hex")}`;
      await admin.query(`CREATE DATABASE "${building}"`);
      try {
        const url = new URL(server);
        url.pathname = `/${building}`;
        const db = await createDatabase({ databaseUrl: url.toString(), maxConnections: 1 });
        try {
          await migrate(db);
        } finally {
          await db.close();
        }
        await admin.query(`ALTER DATABASE "${building}" RENAME TO "${name}"`);
      } catch (error) {
        await admin.query(`DROP DATABASE IF EXISTS "${building}" WITH (FORCE)`);
        throw error;
      }
      await dropUnfinishedTemplates(admin);
      return name;
    } finally {
      await admin.query("SELECT pg_advisory_unlock($1)", [TEMPLATE_LOCK]);
    }
  } finally {
    await admin.end();
  }
}

async function databaseExists(admin: pg.Client, name: string): Promise<boolean> {
  const { rows } = await admin.query("SELECT 1 FROM pg_database WHERE datname = $1", [name]);
  return rows.length > 0;
}

/**
 * Builds left by a process that died while building (no build is running: this runs under the build lock). Templates
 * of other fingerprints stay: another checkout on the same server may be copying them.
 */
async function dropUnfinishedTemplates(admin: pg.Client): Promise<void> {
  const { rows } = await admin.query<{ datname: string }>("SELECT datname FROM pg_database WHERE starts_with(datname, $1)", [
    `${TEMPLATE_PREFIX}building_`,
  ]);
  for (const { datname } of rows) await admin.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
}
