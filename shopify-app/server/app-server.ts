// The embedded app's production HTTP server (`npm run start -w shopify-app`): the Remix build on node:http, with the
// built client files beside it. Written for this app instead of remix-serve so that a shutdown loses nothing: it stops
// taking connections, lets the requests in flight finish, then closes the database so the process can end (with
// remix-serve the database pool kept the process alive after SIGTERM until the platform killed it).
import { randomUUID } from "node:crypto";
import { readFile, stat } from "node:fs/promises";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { pathToFileURL } from "node:url";
import { createRequestHandler, type ServerBuild } from "@remix-run/node";
import type { PinoLogger } from "@postwright/core/logging";

/**
 * How long a shutdown lets requests in flight finish before it stops them: container platforms kill a process 10
 * seconds after SIGTERM, and closing the database comes after.
 */
export const SHUTDOWN_GRACE_MS = 7_000;

export interface AppServerOptions {
  /** The app's build folder (`build`, with `server/index.js` and `client/`). */
  buildDir: string;
  port: number;
  /** Address to listen on; all interfaces when not given. */
  host?: string;
  /** Remix's mode: "production" unless given. */
  mode?: string;
  /**
   * The log: one line per finished request (id, method, path without its query, status, time; nothing else of the
   * request, so no token or session reaches it), and the app's own lines tagged with the request's id. Silent when
   * not given.
   */
  logger?: PinoLogger;
}

export interface AppServer {
  url: string;
  /**
   * Stops taking connections, lets the requests in flight finish for up to graceMs, ends those still running, then
   * closes the app's database.
   */
  close(graceMs?: number): Promise<void>;
}

type AppBuild = ServerBuild & {
  entry: {
    module: {
      appContext?: () => Promise<unknown>;
      closeAppContext?: () => Promise<void>;
      setAppLogger?: (logger: PinoLogger) => void;
      requestContext?: { run<R>(store: { id: string }, callback: () => R): R };
    };
  };
};

const validRequestId = /^[\w-]{1,100}$/;

const contentTypes: Record<string, string> = {
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json",
  ".map": "application/json",
  ".woff2": "font/woff2",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".webp": "image/webp",
  ".ico": "image/x-icon",
  ".txt": "text/plain; charset=utf-8",
};

/** A file of the built client (fingerprinted assets are cached for a year), or false when there is none. */
async function serveClientFile(
  clientDir: string,
  res: ServerResponse,
  pathname: string,
  head: boolean,
): Promise<boolean> {
  let file: string;
  try {
    file = path.normalize(path.join(clientDir, decodeURIComponent(pathname)));
  } catch {
    return false;
  }
  if (!file.startsWith(clientDir + path.sep)) return false;
  const info = await stat(file).catch(() => undefined);
  if (!info?.isFile()) return false;
  const body = await readFile(file);
  res.writeHead(200, {
    "content-type": contentTypes[path.extname(file)] ?? "application/octet-stream",
    "content-length": body.length,
    "cache-control": pathname.startsWith("/assets/") ? "public, max-age=31536000, immutable" : "public, max-age=3600",
  });
  res.end(head ? undefined : body);
  return true;
}

function toRequest(req: IncomingMessage, res: ServerResponse, origin: string): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) value.forEach((v) => headers.append(name, v));
    else if (value !== undefined) headers.set(name, value);
  }
  // The app's work for a request stops when its client goes away.
  const controller = new AbortController();
  res.once("close", () => {
    if (!res.writableFinished) controller.abort();
  });
  const hasBody = req.method !== "GET" && req.method !== "HEAD";
  return new Request(new URL(req.url ?? "/", origin), {
    method: req.method,
    headers,
    signal: controller.signal,
    body: hasBody ? (Readable.toWeb(req) as ReadableStream) : undefined,
    duplex: hasBody ? "half" : undefined,
  } as RequestInit);
}

async function sendResponse(res: ServerResponse, response: Response, head: boolean): Promise<void> {
  const headers: Record<string, string | string[]> = {};
  response.headers.forEach((value, name) => {
    if (name !== "set-cookie") headers[name] = value;
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length) headers["set-cookie"] = cookies;
  res.writeHead(response.status, response.statusText || undefined, headers);
  if (!response.body || head) {
    res.end();
    return;
  }
  await pipeline(Readable.fromWeb(response.body as never), res);
}

export async function startAppServer(options: AppServerOptions): Promise<AppServer> {
  const build = (await import(pathToFileURL(path.join(options.buildDir, "server", "index.js")).href)) as AppBuild;
  const { logger } = options;
  if (logger) build.entry.module.setAppLogger?.(logger);
  // The request line holds no secret by construction, so it skips the redaction every other line gets.
  const lines = logger?.child({}, { redact: { paths: [] } });
  const inRequest = <R>(id: string, work: () => R): R =>
    build.entry.module.requestContext ? build.entry.module.requestContext.run({ id }, work) : work();
  // Configuration is checked, and the database opened and migrated, before the first request.
  await build.entry.module.appContext?.();
  const handle = createRequestHandler(build, options.mode ?? "production");
  const clientDir = path.resolve(build.assetsBuildDirectory ?? path.join(options.buildDir, "client"));
  const host = options.host || "localhost";
  const origin = `http://${host.includes(":") ? `[${host}]` : host}:${options.port}`;

  let stopping = false;
  let inFlight = 0;
  let drained: (() => void) | undefined;

  const server = createServer((req, res) => {
    inFlight += 1;
    const started = performance.now();
    const incoming = req.headers["x-request-id"];
    const id = typeof incoming === "string" && validRequestId.test(incoming) ? incoming : randomUUID();
    res.setHeader("X-Request-Id", id);
    res.once("close", () => {
      inFlight -= 1;
      const line = {
        req: { id, method: req.method, url: (req.url ?? "/").split("?", 1)[0] },
        res: { statusCode: res.statusCode },
        responseTime: Math.round(performance.now() - started),
        ...(res.writableFinished ? {} : { aborted: true }),
      };
      if (res.statusCode >= 500) lines?.error(line, "request failed");
      else if (res.statusCode >= 400) lines?.warn(line, "request completed");
      else lines?.info(line, "request completed");
      if (inFlight === 0) drained?.();
    });
    // While shutting down, a kept-alive connection is closed after its answer.
    if (stopping) res.setHeader("connection", "close");
    void inRequest(id, async () => {
      const pathname = new URL(req.url ?? "/", origin).pathname;
      const head = req.method === "HEAD";
      if ((req.method === "GET" || head) && (await serveClientFile(clientDir, res, pathname, head))) return;
      await sendResponse(res, await handle(toRequest(req, res, origin)), head);
    }).catch((error: unknown) => {
      if (res.destroyed) return;
      logger?.child({ reqId: id }).error({ err: error }, "request failed");
      if (!res.headersSent) res.writeHead(500, { "content-type": "text/plain; charset=utf-8" });
      res.end("Something went wrong.");
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    if (options.host) server.listen(options.port, options.host, resolve);
    else server.listen(options.port, resolve);
  });
  const { port } = server.address() as AddressInfo;

  const settled = (ms: number) =>
    new Promise<void>((resolve) => {
      if (inFlight === 0) return resolve();
      const timer = setTimeout(resolve, ms);
      timer.unref();
      drained = () => {
        clearTimeout(timer);
        resolve();
      };
    });

  return {
    url: `http://${host.includes(":") ? `[${host}]` : host}:${port}`,
    async close(graceMs = SHUTDOWN_GRACE_MS) {
      stopping = true;
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      await settled(graceMs);
      server.closeAllConnections();
      await closed;
      await build.entry.module.closeAppContext?.();
    },
  };
}
