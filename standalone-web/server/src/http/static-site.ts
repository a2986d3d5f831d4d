// The built client (pages, scripts, stylesheets, images), served from memory the way a dedicated static server does:
// every file is read once at start-up with its brotli and gzip forms (written next to it by the build, see
// standalone-web/build.ts) and the complete headers of each form, so answering a request is a map lookup, a choice of
// encoding, a conditional check and one write. It runs before Express (see http/create-http-server.ts), so a page or
// an asset costs none of Express's per-request work; what it does not serve (the API, uploads, other methods) goes on
// to the Express app.
//
// Caching: files under /assets/ carry a content hash in their names (Vite writes them so), so they are cached for a
// year and never revalidated; pages and the other files are revalidated on every use (no-cache, with an ETag and
// Last-Modified, answered 304 when unchanged).
import { createHash } from "node:crypto";
import { readdirSync, readFileSync, statSync } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import { extname, join, relative, sep } from "node:path";
import { brotliCompressSync, constants as zlib, gzipSync } from "node:zlib";
import Negotiator from "negotiator";

export type Encoding = "br" | "gzip" | "identity";

const contentTypes: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".map": "application/json; charset=utf-8",
  ".webmanifest": "application/manifest+json; charset=utf-8",
  ".svg": "image/svg+xml",
  ".txt": "text/plain; charset=utf-8",
  ".xml": "application/xml; charset=utf-8",
  ".ico": "image/x-icon",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".webp": "image/webp",
  ".avif": "image/avif",
  ".woff2": "font/woff2",
};

/** File types worth compressing (text); images and fonts are compressed already. */
const compressible = new Set([
  ".html",
  ".js",
  ".mjs",
  ".css",
  ".json",
  ".map",
  ".webmanifest",
  ".svg",
  ".txt",
  ".xml",
  ".ico",
]);

export const IMMUTABLE = "public, max-age=31536000, immutable";
export const REVALIDATE = "no-cache";

type RawHeaders = string[];

interface Variant {
  body: Buffer;
  etag: string;
  /** Headers of a 200 answer and of a 304 answer, in writeHead's flat [name, value, ...] form. */
  ok: RawHeaders;
  notModified: RawHeaders;
}

export interface StaticFile {
  path: string;
  lastModified: string;
  lastModifiedSeconds: number;
  variants: Partial<Record<Encoding, Variant>> & { identity: Variant };
  /** Any encoding's ETag, for If-None-Match (a client may revalidate an encoding it no longer asks for). */
  etags: Set<string>;
}

export interface StaticSiteOptions {
  /** Headers every page (HTML) is served with: the site's security headers. */
  pageHeaders?: ReadonlyArray<readonly [string, string]>;
  /** Headers every other file is served with. */
  assetHeaders?: ReadonlyArray<readonly [string, string]>;
  /**
   * Which file answers a GET for a path that names no file, and with which status; undefined lets the request go on
   * to the Express app. Called once per such request, with the path only.
   */
  fallback?: (pathname: string, req: IncomingMessage) => { file: string; status: number } | undefined;
  /** Rewrites a file's content once, when it is loaded (the site's address into pages, for instance). */
  transform?: (path: string, body: Buffer) => Buffer;
  /** Headers added to every page, such as Vary: Cookie when the fallback looks at cookies. */
  varyPagesOn?: string;
}

function listFiles(dir: string): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) files.push(...listFiles(full));
    else if (entry.isFile()) files.push(full);
  }
  return files;
}

function readIfExists(path: string): Buffer | undefined {
  try {
    return readFileSync(path);
  } catch {
    return undefined;
  }
}

/** Compressed forms of a file: the build's, or made now once (a client built by an older build has none). */
function compressedForms(full: string, body: Buffer, built: boolean): { br?: Buffer; gzip?: Buffer } {
  // Small files (pages) get the best compression; large ones a quick one, not to hold the start-up.
  const small = body.length < 256 * 1024;
  const br =
    (built ? readIfExists(`${full}.br`) : undefined) ??
    brotliCompressSync(body, {
      params: { [zlib.BROTLI_PARAM_QUALITY]: small ? 11 : 5, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length },
    });
  const gzip = (built ? readIfExists(`${full}.gz`) : undefined) ?? gzipSync(body, { level: small ? 9 : 6 });
  // A form no smaller than the file itself is not worth the client's decoding.
  return { br: br.length < body.length ? br : undefined, gzip: gzip.length < body.length ? gzip : undefined };
}

function loadFile(root: string, full: string, options: StaticSiteOptions): StaticFile {
  const ext = extname(full).toLowerCase();
  const path = `/${relative(root, full).split(sep).join("/")}`;
  const read = readFileSync(full);
  const body = options.transform ? options.transform(path, read) : read;
  const mtime = statSync(full).mtime;
  mtime.setMilliseconds(0);
  const hash = createHash("sha256").update(body).digest("base64url").slice(0, 22);
  const isPage = ext === ".html";
  const cacheControl = path.startsWith("/assets/") ? IMMUTABLE : REVALIDATE;
  const contentType = contentTypes[ext] ?? "application/octet-stream";
  const shared = (isPage ? options.pageHeaders : options.assetHeaders) ?? [];
  const lastModified = mtime.toUTCString();
  const forms: Partial<Record<Encoding, Buffer>> = { identity: body };
  // The build's compressed forms are of the file as built; a rewritten file is compressed again.
  if (compressible.has(ext)) Object.assign(forms, compressedForms(full, body, body === read || body.equals(read)));
  const negotiated = forms.br !== undefined || forms.gzip !== undefined;

  const variant = (encoding: Encoding, data: Buffer): Variant => {
    const etag = `"${hash}${encoding === "identity" ? "" : `-${encoding}`}"`;
    const common: RawHeaders = ["Cache-Control", cacheControl, "ETag", etag, "Last-Modified", lastModified];
    const vary = [negotiated ? "Accept-Encoding" : "", isPage ? (options.varyPagesOn ?? "") : ""].filter(Boolean);
    if (vary.length) common.push("Vary", vary.join(", "));
    for (const [name, value] of shared) common.push(name, value);
    const ok: RawHeaders = ["Content-Type", contentType, "Content-Length", String(data.length), ...common];
    if (encoding !== "identity") ok.push("Content-Encoding", encoding);
    return { body: data, etag, ok, notModified: common };
  };
  const variants = { identity: variant("identity", body) } as StaticFile["variants"];
  if (forms.br) variants.br = variant("br", forms.br);
  if (forms.gzip) variants.gzip = variant("gzip", forms.gzip);
  return {
    path,
    lastModified,
    lastModifiedSeconds: mtime.getTime() / 1000,
    variants,
    etags: new Set(Object.values(variants).map((v) => v.etag)),
  };
}

const encodingPreference: Encoding[] = ["br", "gzip", "identity"];

/** Negotiator 1's encoding(), with the tie-break option its type definitions do not list yet. */
interface EncodingNegotiator {
  encoding(available: readonly string[], options: { preferred: readonly string[] }): string | undefined;
}

/** The encoding an Accept-Encoding header asks for: br before gzip before none at equal q, `*` and q=0 respected. */
export function chooseEncoding(acceptEncoding: string | undefined): Encoding | undefined {
  const negotiator = new Negotiator({
    headers: { "accept-encoding": acceptEncoding },
  }) as unknown as EncodingNegotiator;
  return negotiator.encoding(encodingPreference, { preferred: encodingPreference }) as Encoding | undefined;
}

/** Whether If-None-Match names one of the file's ETags (or is `*`); weak and strong tags compare alike. */
function etagMatches(header: string, file: StaticFile): boolean {
  if (header.trim() === "*") return true;
  for (const part of header.split(",")) {
    const tag = part.trim().replace(/^W\//, "");
    if (file.etags.has(tag)) return true;
  }
  return false;
}

export class StaticSite {
  readonly files = new Map<string, StaticFile>();
  /** Accept-Encoding headers seen, and the encoding chosen for each (browsers send a handful of distinct values). */
  private readonly encodings = new Map<string, Encoding | undefined>();

  constructor(
    readonly root: string,
    private readonly options: StaticSiteOptions = {},
  ) {
    for (const full of listFiles(root)) {
      if (full.endsWith(".br") || full.endsWith(".gz")) continue;
      // Build metadata (.vite/manifest.json) is not part of the site.
      if (
        relative(root, full)
          .split(sep)
          .some((part) => part.startsWith("."))
      )
        continue;
      const file = loadFile(root, full, options);
      this.files.set(file.path, file);
    }
  }

  private encodingFor(header: string | undefined): Encoding | undefined {
    const key = header ?? "";
    if (this.encodings.has(key)) return this.encodings.get(key);
    const chosen = chooseEncoding(header);
    if (this.encodings.size < 256) this.encodings.set(key, chosen);
    return chosen;
  }

  /**
   * Answers the request when it is a GET or HEAD of a file of the site (or of a path the fallback maps to one) and
   * returns true; returns false, having written nothing, for anything else.
   */
  serve = (req: IncomingMessage, res: ServerResponse): boolean => {
    const method = req.method;
    if (method !== "GET" && method !== "HEAD") return false;
    const url = req.url ?? "/";
    const query = url.indexOf("?");
    let pathname = query === -1 ? url : url.slice(0, query);
    if (pathname.includes("%")) {
      try {
        pathname = decodeURIComponent(pathname);
      } catch {
        return false;
      }
    }
    let status = 200;
    let file = this.files.get(pathname);
    if (file === undefined) {
      if (pathname.startsWith("/api/") || pathname === "/api") return false;
      const fallback = this.options.fallback?.(pathname, req);
      if (!fallback) return false;
      file = this.files.get(fallback.file);
      if (file === undefined) return false;
      status = fallback.status;
    }
    this.send(req, res, file, status);
    return true;
  };

  private send(req: IncomingMessage, res: ServerResponse, file: StaticFile, status: number): void {
    const encoding = this.encodingFor(req.headers["accept-encoding"]);
    // No acceptable encoding at all (identity;q=0 and nothing we have): the file as it is, as servers commonly do.
    const variant = (encoding && file.variants[encoding]) || file.variants.identity;
    if (status === 200 && this.isFresh(req, file)) {
      res.writeHead(304, variant.notModified);
      res.end();
      return;
    }
    res.writeHead(status, variant.ok);
    if (req.method === "HEAD") res.end();
    else res.end(variant.body);
  }

  private isFresh(req: IncomingMessage, file: StaticFile): boolean {
    const ifNoneMatch = req.headers["if-none-match"];
    if (ifNoneMatch !== undefined) return etagMatches(ifNoneMatch, file);
    const ifModifiedSince = req.headers["if-modified-since"];
    if (ifModifiedSince === undefined) return false;
    const since = Date.parse(ifModifiedSince);
    return Number.isFinite(since) && file.lastModifiedSeconds <= since / 1000;
  }
}
