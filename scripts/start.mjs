// `npm start`: builds the React client when standalone-web/dist is missing or older than its sources (so a fresh
// clone's `npm install && npm start` works), then runs the site in production mode.
// First of all, it refuses a Node.js older than the one package.json names (check-node.mjs).
import { requireSupportedNode } from "./check-node.mjs";
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

requireSupportedNode();

const root = fileURLToPath(new URL("..", import.meta.url));
const site = join(root, "standalone-web");
const builtIndex = join(site, "dist", "index.html");
// Everything the client bundle is made from.
const clientSources = [
  join(site, "client"),
  join(site, "vite.config.ts"),
  join(site, "build.mjs"),
  join(root, "core", "src", "contracts"),
  join(root, "core", "src", "billing", "plans.ts"),
];

function newestChange(path) {
  if (!existsSync(path)) return 0;
  const stats = statSync(path);
  if (!stats.isDirectory()) return stats.mtimeMs;
  let newest = stats.mtimeMs;
  for (const entry of readdirSync(path)) {
    if (entry === "node_modules") continue;
    newest = Math.max(newest, newestChange(join(path, entry)));
  }
  return newest;
}

function clientIsStale() {
  if (!existsSync(builtIndex)) return true;
  const built = statSync(builtIndex).mtimeMs;
  return clientSources.some((source) => newestChange(source) > built);
}

if (clientIsStale()) {
  console.log("Building the web client...");
  // build.mjs: Vite's build, then the compressed forms of every file (see there).
  const build = spawnSync(process.execPath, [join(site, "build.mjs"), "--quiet"], { cwd: site, stdio: "inherit" });
  if (build.status !== 0) {
    console.error("The web client failed to build.");
    process.exit(build.status ?? 1);
  }
}

// At a terminal the log is readable lines, unless the shell asked for production (or LOG_FORMAT says otherwise);
// piped or redirected it stays JSON, one object a line.
if (!process.env.LOG_FORMAT && process.stdout.isTTY && process.env.NODE_ENV !== "production") {
  process.env.LOG_FORMAT = "pretty";
}
// `npm start` is the production server, whatever the shell's NODE_ENV says.
process.env.NODE_ENV = "production";
const { register } = await import("tsx/esm/api");
register();
await import(pathToFileURL(join(site, "server", "src", "main.ts")).href);
