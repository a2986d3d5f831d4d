// The app's production build (`remix vite:build` into shopify-app/build), rebuilt only when something it is made from
// changed since the last build: the app, the core, the build configuration or the dependency tree.
import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { readdir, readFile, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";

export const appRoot = fileURLToPath(new URL("..", import.meta.url));
const repoRoot = path.join(appRoot, "..");
export const buildDir = path.join(appRoot, "build");
const fingerprintFile = path.join(buildDir, ".sources");
const sources = [
  path.join(appRoot, "app"),
  path.join(appRoot, "vite.config.ts"),
  path.join(appRoot, "package.json"),
  path.join(repoRoot, "core/src"),
  path.join(repoRoot, "package-lock.json"),
];

async function filesUnder(entry: string): Promise<string[]> {
  const info = await stat(entry).catch(() => undefined);
  if (!info) return [];
  if (!info.isDirectory()) return [entry];
  const names = (await readdir(entry)).filter((name) => name !== "node_modules").sort();
  return (await Promise.all(names.map((name) => filesUnder(path.join(entry, name))))).flat();
}

async function fingerprint(): Promise<string> {
  const hash = createHash("sha256");
  for (const source of sources) {
    for (const file of await filesUnder(source)) {
      if (/\.test\.tsx?$/.test(file)) continue;
      hash.update(path.relative(repoRoot, file)).update("\0").update(await readFile(file)).update("\0");
    }
  }
  return hash.digest("hex").slice(0, 16);
}

function runBuild(): Promise<void> {
  const devPackage = createRequire(path.join(appRoot, "package.json")).resolve("@remix-run/dev/package.json");
  const remix = path.join(path.dirname(devPackage), "dist/cli.js");
  return new Promise((resolve, reject) => {
    // A production build even when started from a test runner (which sets NODE_ENV=test).
    const child = spawn(process.execPath, [remix, "vite:build"], {
      cwd: appRoot,
      stdio: ["ignore", "pipe", "pipe"],
      env: { ...process.env, NODE_ENV: "production" },
    });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.on("error", reject);
    child.on("exit", (code) =>
      code === 0 ? resolve() : reject(new Error(`The Shopify app failed to build (exit code ${code}):\n${output}`)),
    );
  });
}

/** Builds the app unless the build in shopify-app/build was made from the current sources. */
export async function ensureAppBuilt(): Promise<void> {
  const wanted = await fingerprint();
  const have = existsSync(fingerprintFile) ? (await readFile(fingerprintFile, "utf8")).trim() : "";
  if (have === wanted && existsSync(path.join(buildDir, "server/index.js"))) return;
  await runBuild();
  await writeFile(fingerprintFile, wanted);
}
