// A migrated, empty embedded database to copy into each test site's data folder. Creating a PGlite database takes
// several seconds (initdb); copying a closed one takes a fraction of that. The template is cached in the system's
// temporary directory under a hash of the migrations and the dependency tree, so a new migration or PGlite version
// makes a new one; the site still runs its migrator, so a stale template could only cost time.
// The node tests start from a tarball of the same migrated database instead (core/src/testing/database-template.ts),
// which suits their in-memory databases; loaded into a site's data folder it took 15–18 s where this copy takes
// 0.8–4.7 s (measured side by side on a loaded 2-core machine), so sites that keep their database on disk keep this.
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { cp, mkdir, readdir, rename, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { createDatabase, migrate } from "@postwright/core/db";
import { migrationsFingerprint } from "@postwright/core/testing";

const cacheDir = path.join(tmpdir(), "postwright-e2e-database");
/** The folder core's embedded database keeps under DATA_DIR. */
const PGLITE_FOLDER = "pglite";

let template: Promise<string> | undefined;

function templateDir(): Promise<string> {
  template ??= (async () => {
    const target = path.join(cacheDir, `template-${await migrationsFingerprint()}`);
    if (existsSync(path.join(target, PGLITE_FOLDER))) return target;
    await mkdir(cacheDir, { recursive: true });
    const scratch = path.join(cacheDir, `building-${randomBytes(6).toString("hex")}`);
    try {
      const db = await createDatabase({ dataDir: scratch });
      try {
        await migrate(db);
      } finally {
        await db.close();
      }
      await rename(scratch, target).catch((error: NodeJS.ErrnoException) => {
        // Another run made the same template first.
        if (!existsSync(path.join(target, PGLITE_FOLDER))) throw error;
      });
    } finally {
      await rm(scratch, { recursive: true, force: true });
    }
    await removeOtherTemplates(target);
    return target;
  })();
  return template;
}

async function removeOtherTemplates(keep: string): Promise<void> {
  const hourAgo = Date.now() - 60 * 60_000;
  for (const name of await readdir(cacheDir).catch(() => [] as string[])) {
    const dir = path.join(cacheDir, name);
    if (dir === keep) continue;
    const info = await stat(dir).catch(() => undefined);
    if (info && info.mtimeMs < hourAgo) await rm(dir, { recursive: true, force: true });
  }
}

/** Puts a copy of the migrated empty database into a site's (new, empty) data folder. */
export async function seedEmbeddedDatabase(dataDir: string): Promise<void> {
  const source = path.join(await templateDir(), PGLITE_FOLDER);
  await cp(source, path.join(dataDir, PGLITE_FOLDER), { recursive: true });
}
