// The built React client the end-to-end tests serve. It is built into a cache folder of its own, named after a hash
// of everything the bundle is made from, so a test run never races with a developer's `npm run build` (which empties
// standalone-web/dist) and rebuilds only when a source changed. Two test runs that need the same build at once both
// build to private folders and the first rename wins.
import { spawn } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdir, readdir, readFile, rename, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const repoRoot = fileURLToPath(new URL("../../..", import.meta.url));
const site = path.join(repoRoot, "standalone-web");
// Not under node_modules/.cache: the server answers 404 for index.html under a folder whose name starts with a dot.
const cacheDir = path.join(tmpdir(), "postwright-e2e-client");
/** What the bundle is made from: the client, its build configuration, the shared contracts and the dependency tree. */
const sources = [
  path.join(site, "client"),
  path.join(site, "vite.config.ts"),
  path.join(site, "build.mjs"),
  path.join(site, "compress.mjs"),
  path.join(site, "package.json"),
  path.join(repoRoot, "core/src/billing"),
  path.join(repoRoot, "core/src/contracts"),
  path.join(repoRoot, "package-lock.json"),
];
/** Builds older than this are removed when a new one is made (a concurrent run may still serve a recent one). */
const KEEP_OLD_BUILDS_MS = 60 * 60_000;

async function filesUnder(entry: string): Promise<string[]> {
  const info = await stat(entry).catch(() => undefined);
  if (!info) return [];
  if (!info.isDirectory()) return [entry];
  const names = (await readdir(entry)).filter((name) => name !== "node_modules").sort();
  const nested = await Promise.all(names.map((name) => filesUnder(path.join(entry, name))));
  return nested.flat();
}

async function sourceFingerprint(): Promise<string> {
  const hash = createHash("sha256");
  for (const source of sources) {
    for (const file of await filesUnder(source)) {
      // Component tests are not part of the bundle; editing one must not cost a rebuild.
      if (/\.test\.tsx?$/.test(file)) continue;
      hash
        .update(path.relative(repoRoot, file))
        .update("\0")
        .update(await readFile(file))
        .update("\0");
    }
  }
  return hash.digest("hex").slice(0, 16);
}

/** standalone-web/build.mjs: Vite's build, the prerendered public pages and the compressed forms of each file. */
function runClientBuild(outDir: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(site, "build.mjs"), "--outDir", outDir, "--quiet"], {
      cwd: site,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.on("error", reject);
    child.on("exit", (code) =>
      code === 0 ? resolve() : reject(new Error(`The web client failed to build (exit code ${code}):\n${output}`)),
    );
  });
}

async function removeOldBuilds(keep: string): Promise<void> {
  const now = Date.now();
  for (const name of await readdir(cacheDir).catch(() => [] as string[])) {
    const dir = path.join(cacheDir, name);
    if (dir === keep) continue;
    const info = await stat(dir).catch(() => undefined);
    if (info && now - info.mtimeMs > KEEP_OLD_BUILDS_MS) await rm(dir, { recursive: true, force: true });
  }
}

let building: Promise<string> | undefined;

/** The folder of a client build made from the current sources (built now when there is none). */
export function ensureClientBuilt(): Promise<string> {
  building ??= (async () => {
    const target = path.join(cacheDir, `client-${await sourceFingerprint()}`);
    if (existsSync(path.join(target, "index.html"))) return target;
    await mkdir(cacheDir, { recursive: true });
    const scratch = path.join(cacheDir, `building-${randomBytes(6).toString("hex")}`);
    try {
      await runClientBuild(scratch);
      await rename(scratch, target).catch((error: NodeJS.ErrnoException) => {
        // Another run finished the same build first; theirs is identical.
        if (!existsSync(path.join(target, "index.html"))) throw error;
      });
    } finally {
      await rm(scratch, { recursive: true, force: true });
    }
    await removeOldBuilds(target);
    return target;
  })();
  return building;
}
