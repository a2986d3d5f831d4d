// Generates the Prisma client into core/src/db/generated.
// Client generation itself is WebAssembly; Prisma still tries to download a native schema engine first, which fails
// on machines without access to Prisma's binary host. Pointing it at any executable lets generation proceed offline.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const require = createRequire(join(root, "package.json"));
let prismaCli;
try {
  prismaCli = require.resolve("prisma/build/index.js");
} catch {
  console.log("prisma is not installed yet; skipping client generation");
  process.exit(0);
}
const env = { ...process.env, PRISMA_HIDE_UPDATE_MESSAGE: "1" };
if (!env.PRISMA_SCHEMA_ENGINE_BINARY && !existsSync(join(root, "node_modules/@prisma/engines/schema-engine-debian-openssl-3.0.x"))) {
  env.PRISMA_SCHEMA_ENGINE_BINARY = process.execPath;
}
const result = spawnSync(process.execPath, [prismaCli, "generate", "--schema", join(root, "prisma/schema.prisma")], {
  cwd: root,
  env,
  stdio: "inherit",
});
process.exit(result.status ?? 1);
