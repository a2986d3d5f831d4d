// `npm run build`: the client for production, into dist/.
// 1. Vite builds the client (hashed scripts and stylesheets under dist/assets/).
// 2. Every text file gets its brotli (quality 11) and gzip (level 9) forms beside it (x.js.br, x.js.gz), which the
//    server sends as they are to browsers that accept them (server/src/http/static-site.ts), so no response is
//    compressed while a visitor waits.
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "vite";
import { compressFiles } from "./compress.mjs";

const site = fileURLToPath(new URL(".", import.meta.url));
const dist = join(site, "dist");
const logLevel = process.argv.includes("--quiet") ? "warn" : "info";
await build({ configFile: join(site, "vite.config.ts"), logLevel });
compressFiles(dist);
