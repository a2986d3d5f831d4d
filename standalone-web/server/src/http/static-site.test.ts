import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compressFiles } from "../../../compress.mjs";
import { chooseEncoding, StaticSite } from "./static-site.ts";

const page = `<!doctype html><html><head><title>Postwright</title></head><body>${"<p>Blog posts that sell.</p>".repeat(50)}</body></html>`;
const script = `export const greeting = ${JSON.stringify("hello ".repeat(2000))};\n`;

let dir: string;
let server: http.Server;
let base: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "static-site-"));
  mkdirSync(join(dir, "assets"));
  writeFileSync(join(dir, "index.html"), page);
  writeFileSync(join(dir, "assets", "index-a1b2c3d4.js"), script);
  writeFileSync(join(dir, "favicon.svg"), `<svg xmlns="http://www.w3.org/2000/svg">${"<g/>".repeat(100)}</svg>`);
  writeFileSync(join(dir, "logo.png"), Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3, 4]));
  compressFiles(dir);
  const site = new StaticSite(dir, {
    pageHeaders: [["Content-Security-Policy", "default-src 'self'"]],
    assetHeaders: [["X-Content-Type-Options", "nosniff"]],
    fallback: (pathname) => (pathname.startsWith("/uploads/") ? undefined : { file: "/index.html", status: 200 }),
  });
  server = http.createServer((req, res) => {
    if (!site.serve(req, res)) {
      res.writeHead(418).end("not static");
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  rmSync(dir, { recursive: true, force: true });
});

/** A raw request (fetch would decompress and hide the encoding). */
function get(path: string, headers: Record<string, string> = {}, method = "GET") {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    const req = http.request(`${base}${path}`, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on("error", reject);
    req.end();
  });
}

describe("compression", () => {
  it("sends brotli to a browser that accepts it, made by the build", async () => {
    const res = await get("/assets/index-a1b2c3d4.js", { "Accept-Encoding": "gzip, deflate, br, zstd" });
    expect(res.status).toBe(200);
    expect(res.headers["content-encoding"]).toBe("br");
    expect(res.headers["content-type"]).toBe("text/javascript; charset=utf-8");
    expect(Number(res.headers["content-length"])).toBe(res.body.length);
    expect(res.body.length).toBeLessThan(script.length / 10);
    expect(brotliDecompressSync(res.body).toString()).toBe(script);
  });

  it("sends gzip when brotli is not accepted, or refused with q=0", async () => {
    for (const accept of ["gzip, deflate", "br;q=0, gzip"]) {
      const res = await get("/", { "Accept-Encoding": accept });
      expect(res.headers["content-encoding"]).toBe("gzip");
      expect(gunzipSync(res.body).toString()).toBe(page);
    }
  });

  it("sends the file as it is without Accept-Encoding or when only other encodings are accepted", async () => {
    const cases: Record<string, string>[] = [{}, { "Accept-Encoding": "deflate" }, { "Accept-Encoding": "identity" }];
    for (const headers of cases) {
      const res = await get("/", headers);
      expect(res.headers["content-encoding"]).toBeUndefined();
      expect(res.body.toString()).toBe(page);
    }
  });

  it("says the answer varies with Accept-Encoding, on every encoding", async () => {
    for (const accept of ["br", "gzip", "identity"]) {
      expect((await get("/", { "Accept-Encoding": accept })).headers.vary).toBe("Accept-Encoding");
    }
  });

  it("leaves files that are compressed already, such as images, alone", async () => {
    const res = await get("/logo.png", { "Accept-Encoding": "br, gzip" });
    expect(res.headers["content-encoding"]).toBeUndefined();
    expect(res.headers.vary).toBeUndefined();
    expect(res.headers["content-type"]).toBe("image/png");
  });

  it("prefers br, then gzip, honouring q-values and *", () => {
    expect(chooseEncoding("gzip, br")).toBe("br");
    expect(chooseEncoding("br;q=0.5, gzip;q=0.8")).toBe("gzip");
    expect(chooseEncoding("*")).toBe("br");
    expect(chooseEncoding(undefined)).toBe("identity");
  });
});

describe("caching", () => {
  it("caches hashed assets for a year, immutable", async () => {
    const res = await get("/assets/index-a1b2c3d4.js");
    expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
  });

  it("has pages and unhashed files revalidated, with an ETag and Last-Modified", async () => {
    for (const path of ["/", "/favicon.svg"]) {
      const res = await get(path);
      expect(res.headers["cache-control"]).toBe("no-cache");
      expect(res.headers.etag).toMatch(/^"[\w-]+"$/);
      expect(new Date(res.headers["last-modified"] ?? "").getTime()).toBeGreaterThan(0);
    }
    expect((await get("/")).headers["content-security-policy"]).toBe("default-src 'self'");
  });

  it("answers 304 with no body when the ETag still matches, and 200 when it does not", async () => {
    const first = await get("/", { "Accept-Encoding": "br" });
    const again = await get("/", { "Accept-Encoding": "br", "If-None-Match": first.headers.etag ?? "" });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect(again.headers.etag).toBe(first.headers.etag);
    expect(again.headers["cache-control"]).toBe("no-cache");
    const changed = await get("/", { "Accept-Encoding": "br", "If-None-Match": '"something-else"' });
    expect(changed.status).toBe(200);
  });

  it("gives each encoding its own ETag", async () => {
    const br = await get("/", { "Accept-Encoding": "br" });
    const plain = await get("/");
    expect(br.headers.etag).not.toBe(plain.headers.etag);
  });

  it("answers 304 to If-Modified-Since at or after the file's time", async () => {
    const first = await get("/favicon.svg");
    const lastModified = first.headers["last-modified"] ?? "";
    expect((await get("/favicon.svg", { "If-Modified-Since": lastModified })).status).toBe(304);
    const before = new Date(new Date(lastModified).getTime() - 60_000).toUTCString();
    expect((await get("/favicon.svg", { "If-Modified-Since": before })).status).toBe(200);
  });
});

describe("requests", () => {
  it("answers HEAD with the GET's headers and no body", async () => {
    const getRes = await get("/assets/index-a1b2c3d4.js", { "Accept-Encoding": "gzip" });
    const head = await get("/assets/index-a1b2c3d4.js", { "Accept-Encoding": "gzip" }, "HEAD");
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    expect(head.headers["content-length"]).toBe(getRes.headers["content-length"]);
    expect(head.headers.etag).toBe(getRes.headers.etag);
    expect(head.headers["content-encoding"]).toBe("gzip");
  });

  it("serves the page for the client's routes and leaves the API, uploads and other methods to the app", async () => {
    expect((await get("/pricing")).body.toString()).toBe(page);
    expect((await get("/api/auth/user")).status).toBe(418);
    expect((await get("/uploads/missing.png")).status).toBe(418);
    expect((await get("/", {}, "POST")).status).toBe(418);
  });

  it("does not serve the compressed copies as files of their own", async () => {
    expect((await get("/index.html.br")).body.toString()).toBe(page);
  });
});
