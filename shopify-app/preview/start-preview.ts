// The embedded app served for a test shop with no Shopify account: the production build, run in this process against
// the local fake Admin GraphQL API (tests/fakes/shopify) with an admin-like frame around it and a local stand-in for
// App Bridge. Used by `npm run preview -w shopify-app`, the browser test and the benchmark.
import { createHmac, randomBytes, randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "@remix-run/node";
import { addCatalogItems, catalogOf, startFakeShopify, type FakeShopify } from "../../tests/fakes/shopify/index.ts";
import { freePort } from "../../tests/support/free-port.ts";
import { buildDir, ensureAppBuilt } from "./ensure-build.ts";

export const PREVIEW_SHOP = "postwright-preview.myshopify.com";
export const APP_BRIDGE_URL = "https://cdn.shopify.com/shopifycloud/app-bridge.js";
const INTER_FONT_URL = "https://cdn.shopify.com/static/fonts/inter/v4/styles.css";

export interface PreviewOptions {
  /** Port on 127.0.0.1 (default: a free one). */
  port?: number;
  /**
   * Serve the App Bridge stand-in in place of Shopify's CDN script by rewriting the app's pages (default true). A
   * browser test that answers the CDN address itself turns this off, so the page loads exactly what production does.
   */
  rewriteCdn?: boolean;
}

export interface Preview {
  /** http://127.0.0.1:<port>: the admin-like frame is at `/`, the app at `/app`. */
  url: string;
  /** The admin frame's address for an app path (e.g. `/app/write`). */
  adminUrl(appPath?: string): string;
  fake: FakeShopify;
  shop: string;
  /**
   * The app's own document at a path, opened outside the frame the way Shopify admin loads it (with a fresh session
   * token in `id_token`), for measuring a page alone.
   */
  documentUrl(appPath?: string): string;
  /** The App Bridge stand-in's script, with this preview's settings. */
  appBridgeScript: string;
  close(): Promise<void>;
}

/** The test store: two blogs and a few products and collections to feature. */
function seedStore(fake: FakeShopify): void {
  addCatalogItems(fake.shop(PREVIEW_SHOP), {
    products: [
      {
        title: "Lavender Soy Candle",
        description: "Hand-poured soy wax with lavender oil. Burns for 40 hours.",
        price: "19.00",
      },
      { title: "Cedar & Smoke Candle", description: "A warm, woody scent in a reusable amber jar.", price: "24.00" },
      { title: "Wick Trimmer", description: "Stainless steel trimmer for a clean, even flame.", price: "12.50" },
    ],
    collections: [
      { title: "Gift Sets", description: "Candles boxed for giving." },
      { title: "Home Fragrance", description: "Candles, diffusers and room sprays." },
    ],
  });
}

/** Sends what the app addresses to https://<shop>.myshopify.com (token exchange, Admin GraphQL) to the fake. */
function routeShopsToFake(fake: FakeShopify): () => void {
  const realFetch = globalThis.fetch;
  globalThis.fetch = (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (url.protocol === "https:" && url.hostname.endsWith(".myshopify.com")) {
      const target = `${fake.origin}/shops/${url.hostname}${url.pathname}${url.search}`;
      return realFetch(input instanceof Request ? new Request(target, input) : target, init);
    }
    return realFetch(input, init);
  };
  return () => {
    globalThis.fetch = realFetch;
  };
}

/** A session token as Shopify admin issues it (HS256 with the app's secret, valid for a minute). */
export function signSessionToken(input: {
  shop: string;
  apiKey: string;
  apiSecret: string;
  sessionId: string;
}): string {
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString("base64url");
  const now = Math.floor(Date.now() / 1000);
  const body = `${encode({ alg: "HS256", typ: "JWT" })}.${encode({
    iss: `https://${input.shop}/admin`,
    dest: `https://${input.shop}`,
    aud: input.apiKey,
    sub: "1",
    exp: now + 60,
    nbf: now - 5,
    iat: now - 5,
    jti: randomUUID(),
    sid: input.sessionId,
  })}`;
  return `${body}.${createHmac("sha256", input.apiSecret).update(body).digest("base64url")}`;
}

function adminPage(appSrc: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Postwright · Preview Store · Shopify admin (local preview)</title>
<style>
  body{margin:0;font:14px system-ui,sans-serif;display:grid;grid-template:56px 1fr/220px 1fr;height:100vh;background:#f1f1f1}
  header{grid-column:1/3;background:#1a1a1a;color:#fff;display:flex;align-items:center;padding:0 16px;gap:12px}
  nav{padding:12px;display:flex;flex-direction:column;gap:4px}
  nav strong{padding:6px 8px}
  #admin-nav{display:flex;flex-direction:column;gap:2px}
  #admin-nav a{display:block;padding:6px 8px 6px 20px;color:#303030;text-decoration:none;border-radius:8px}
  #admin-nav a:hover{background:#e3e3e3}
  #admin-nav a[aria-current=page]{background:#fff;color:#1a1a1a;font-weight:650}
  iframe{border:0;width:100%;height:100%;background:#f1f1f1}
  #admin-toasts{position:fixed;bottom:24px;left:50%;transform:translateX(-50%);display:flex;flex-direction:column;gap:8px}
  .admin-toast{background:#1a1a1a;color:#fff;padding:10px 16px;border-radius:10px}
  .admin-toast-error{background:#8e1f0b}
  .admin-picker{min-width:360px;border:0;border-radius:12px;padding:16px}
  .admin-picker-list{display:flex;flex-direction:column;gap:8px;margin:12px 0}
  @media (max-width:768px){body{grid-template:56px 1fr/1fr}header{grid-column:auto}nav{display:none}}
</style></head>
<body>
<header><strong>Preview Store</strong><span>Shopify admin · local preview with a fake store</span></header>
<nav aria-label="Admin"><strong>Postwright</strong><div id="admin-nav"></div></nav>
<main><iframe name="app-iframe" title="Postwright" src="${appSrc}"></iframe></main>
<div id="admin-toasts" role="status" aria-live="polite"></div>
</body></html>`;
}

const contentTypes: Record<string, string> = {
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json",
  ".woff2": "font/woff2",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".ico": "image/x-icon",
};

async function serveStatic(res: ServerResponse, pathname: string): Promise<boolean> {
  const clientDir = path.join(buildDir, "client");
  const file = path.normalize(path.join(clientDir, decodeURIComponent(pathname)));
  if (!file.startsWith(clientDir + path.sep)) return false;
  const body = await readFile(file).catch(() => undefined);
  if (!body) return false;
  res.writeHead(200, {
    "content-type": contentTypes[path.extname(file)] ?? "application/octet-stream",
    "cache-control": pathname.startsWith("/assets/") ? "public, max-age=31536000, immutable" : "no-cache",
  });
  res.end(body);
  return true;
}

function toRequest(req: IncomingMessage, origin: string): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) value.forEach((v) => headers.append(name, v));
    else if (value !== undefined) headers.set(name, value);
  }
  const hasBody = req.method !== "GET" && req.method !== "HEAD";
  return new Request(new URL(req.url ?? "/", origin), {
    method: req.method,
    headers,
    body: hasBody ? (Readable.toWeb(req) as ReadableStream) : undefined,
    duplex: hasBody ? "half" : undefined,
  } as RequestInit);
}

export async function startPreview(options: PreviewOptions = {}): Promise<Preview> {
  await ensureAppBuilt();
  const port = options.port ?? (await freePort());
  const origin = `http://127.0.0.1:${port}`;
  const apiKey = "postwright-preview";
  const apiSecret = randomBytes(24).toString("hex");
  const fake = await startFakeShopify({
    shops: [
      {
        domain: PREVIEW_SHOP,
        name: "Preview Store",
        primaryDomainUrl: "https://preview-store.example",
        blogs: [{ title: "News" }, { title: "Guides" }],
        scopes: ["read_content", "write_content", "read_files", "write_files", "read_products"],
      },
    ],
    app: { clientId: apiKey, clientSecret: apiSecret },
  });
  seedStore(fake);
  const dataDir = mkdtempSync(path.join(tmpdir(), "postwright-shopify-preview-"));
  Object.assign(process.env, {
    NODE_ENV: process.env.NODE_ENV ?? "production",
    SHOPIFY_API_KEY: apiKey,
    SHOPIFY_API_SECRET: apiSecret,
    SHOPIFY_APP_URL: origin,
    DATA_DIR: dataDir,
    ENCRYPTION_KEY: randomBytes(32).toString("hex"),
    ALLOW_PRIVATE_NETWORK_TARGETS: "1",
  });
  delete process.env.DATABASE_URL;
  const restoreFetch = routeShopsToFake(fake);
  const build = (await import(pathToFileURL(path.join(buildDir, "server/index.js")).href)) as ServerBuild & {
    entry: {
      module: {
        setLocalShopifyAdminApi?: (template: string, adminOrigin?: string) => void;
        appContext?: () => Promise<unknown>;
      };
    };
  };
  build.entry.module.setLocalShopifyAdminApi?.(fake.apiBaseUrlTemplate, origin);
  // The database is created and migrated now rather than on the first page.
  await build.entry.module.appContext?.();
  const { createRequestHandler } = await import("@remix-run/node");
  const handle = createRequestHandler(build, "production");

  const host = Buffer.from(`admin.shopify.com/store/${PREVIEW_SHOP.replace(".myshopify.com", "")}`).toString(
    "base64url",
  );
  const appUrl = (appPath = "/app") => {
    const url = new URL(appPath, origin);
    url.searchParams.set("embedded", "1");
    url.searchParams.set("shop", PREVIEW_SHOP);
    url.searchParams.set("host", host);
    return `${url.pathname}${url.search}`;
  };
  const stubSource = await readFile(new URL("./app-bridge-stub.js", import.meta.url), "utf8");
  const sessionId = randomUUID();
  const appBridgeScript = stubSource.replace(
    "const config = __PREVIEW_CONFIG__;",
    () => `const config = ${JSON.stringify({ apiKey, apiSecret, shop: PREVIEW_SHOP, host, sessionId })};`,
  );
  const rewriteCdn = options.rewriteCdn ?? true;

  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? "/", origin);
      if (url.pathname === "/" || url.pathname === "/admin") {
        const appPath = url.searchParams.get("path") ?? "/app";
        res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
        res.end(adminPage(appUrl(appPath.startsWith("/app") ? appPath : "/app")));
        return;
      }
      // Shopify admin's address of an app page (/store/<store>/apps/<client id>/<path>), where Shopify's billing
      // confirmation sends the merchant back: the admin frame with that page of the app.
      const adminApp = /^\/store\/[^/]+\/apps\/[^/]+(\/.*)$/.exec(url.pathname);
      if (adminApp && req.method === "GET") {
        res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
        res.end(adminPage(appUrl(`${adminApp[1]!.startsWith("/app") ? adminApp[1] : "/app"}${url.search}`)));
        return;
      }
      if (url.pathname === "/__preview/app-bridge.js") {
        res.writeHead(200, { "content-type": "text/javascript; charset=utf-8", "cache-control": "no-cache" });
        res.end(appBridgeScript);
        return;
      }
      if (url.pathname === "/__preview/fonts.css") {
        res.writeHead(200, { "content-type": "text/css; charset=utf-8" });
        res.end("/* system fonts in the local preview */");
        return;
      }
      if (url.pathname === "/__preview/catalog") {
        const catalog = catalogOf(fake.shop(PREVIEW_SHOP));
        const items = url.searchParams.get("type") === "collection" ? catalog.collections : catalog.products;
        res.writeHead(200, { "content-type": "application/json" });
        res.end(JSON.stringify(items.map(({ id, title, handle }) => ({ id, title, handle }))));
        return;
      }
      if ((req.method === "GET" || req.method === "HEAD") && (await serveStatic(res, url.pathname))) return;

      const response = await handle(toRequest(req, origin));
      const headers: Record<string, string> = {};
      response.headers.forEach((value, name) => {
        // The local admin frame stands in for admin.shopify.com: it may embed the app.
        if (name === "content-security-policy")
          value = value.replace(/frame-ancestors [^;]*/, "frame-ancestors 'self'");
        if (name === "link" && rewriteCdn) value = value.replaceAll(APP_BRIDGE_URL, "/__preview/app-bridge.js");
        if (name !== "set-cookie") headers[name] = value;
      });
      const cookies = response.headers.getSetCookie();
      const isHtml = (response.headers.get("content-type") ?? "").includes("text/html");
      if (isHtml && rewriteCdn && response.body) {
        const html = (await response.text())
          .replaceAll(APP_BRIDGE_URL, "/__preview/app-bridge.js")
          .replaceAll(INTER_FONT_URL, "/__preview/fonts.css");
        delete headers["content-length"];
        res.writeHead(response.status, { ...headers, ...(cookies.length ? { "set-cookie": cookies } : {}) });
        res.end(html);
        return;
      }
      res.writeHead(response.status, { ...headers, ...(cookies.length ? { "set-cookie": cookies } : {}) });
      if (response.body) Readable.fromWeb(response.body as never).pipe(res);
      else res.end();
    })().catch((error: unknown) => {
      console.error(error);
      if (!res.headersSent) res.writeHead(500, { "content-type": "text/plain" });
      res.end("The preview server failed; see its output.");
    });
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));

  return {
    url: origin,
    adminUrl: (appPath = "/app") => `${origin}/?path=${encodeURIComponent(appPath)}`,
    documentUrl: (appPath = "/app") =>
      `${origin}${appUrl(appPath)}&id_token=${signSessionToken({ shop: PREVIEW_SHOP, apiKey, apiSecret, sessionId })}`,
    fake,
    shop: PREVIEW_SHOP,
    appBridgeScript,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await fake.close();
      restoreFetch();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
