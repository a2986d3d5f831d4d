// `npm run dev`: runs the site's development server (standalone-web/server/src/dev.ts) under tsx's watcher, which
// restarts it when a server file changes; Vite hot-reloads client files by itself. Runs from the repository root so
// development and `npm start` share the same DATA_DIR (./.data by default).
import { spawn } from "node:child_process";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const require = createRequire(join(root, "standalone-web", "package.json"));
const tsxPackage = require.resolve("tsx/package.json");
const tsxCli = join(dirname(tsxPackage), require(tsxPackage).bin);

const child = spawn(
  process.execPath,
  [
    tsxCli,
    "watch",
    "--clear-screen=false",
    "--exclude",
    "./standalone-web/client/**",
    "standalone-web/server/src/dev.ts",
  ],
  { cwd: root, stdio: "inherit", env: { ...process.env, NODE_ENV: process.env.NODE_ENV || "development" } },
);

// Ctrl+C reaches both processes; a plain SIGTERM to this one is passed on so the server can close its database.
process.on("SIGINT", () => {});
process.on("SIGTERM", () => child.kill("SIGTERM"));
child.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
