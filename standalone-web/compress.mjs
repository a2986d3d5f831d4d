// The brotli and gzip forms of a built client's text files, written beside each file (x.js.br, x.js.gz) by the build,
// so the server sends them as they are (server/src/http/static-site.ts) and compresses nothing while a visitor waits.
import { readdirSync, readFileSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { extname, join } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const compressible = new Set([
  ".html",
  ".js",
  ".mjs",
  ".css",
  ".json",
  ".map",
  ".svg",
  ".txt",
  ".xml",
  ".ico",
  ".webmanifest",
]);

function listFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? listFiles(join(dir, entry.name)) : [join(dir, entry.name)],
  );
}

/** Writes file.br and file.gz beside each compressible file (same modification time as the file). */
export function compressFiles(dir) {
  for (const file of listFiles(dir)) {
    if (!compressible.has(extname(file))) continue;
    const body = readFileSync(file);
    const { atime, mtime } = statSync(file);
    const br = brotliCompressSync(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    });
    const gz = gzipSync(body, { level: 9 });
    for (const [path, data] of [
      [`${file}.br`, br],
      [`${file}.gz`, gz],
    ]) {
      writeFileSync(path, data);
      utimesSync(path, atime, mtime);
    }
  }
}
