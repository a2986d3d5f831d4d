// Builds the Express application (no listening here, so tests drive it through supertest).
// Order: security headers and request logging, webhooks (raw bodies, signed), JSON parsing, sessions, CSRF guard,
// the API routers, a JSON 404 for unknown API paths, then uploaded images and the React client.
import { existsSync, readdirSync } from "node:fs";
import type { IncomingMessage } from "node:http";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import express, { type Express, type RequestHandler } from "express";
import helmet from "helmet";
import type { Logger as PinoLogger } from "pino";
import type { ServerContext } from "./context.ts";
import { loadUser } from "./http/auth.ts";
import { apiNotFound, errorHandler } from "./http/errors.ts";
import { requestLogger } from "./http/logging.ts";
import { rejectNul } from "./http/reject-nul.ts";
import { sameOriginWrites } from "./http/same-origin.ts";
import { sendJson } from "./http/send-json.ts";
import { hasSessionHint, sessions } from "./http/session.ts";
import { StaticSite } from "./http/static-site.ts";

export { SESSION_COOKIE } from "./http/session.ts";
import { createApiV1Router, type ApiV1RouterOptions } from "./routes/api-v1.ts";
import { apiRouters, webhookRouters } from "./routes/index.ts";

/** Security headers of every API answer. Cache-Control: no-store is set after the webhooks (see below). */
export const apiSecurityHeaders: ReadonlyArray<readonly [string, string]> = [
  ["Content-Security-Policy", "default-src 'none'; frame-ancestors 'none'"],
  ["Cross-Origin-Resource-Policy", "same-origin"],
  ["Referrer-Policy", "no-referrer"],
  ["Strict-Transport-Security", "max-age=31536000; includeSubDomains"],
  ["X-Content-Type-Options", "nosniff"],
  ["X-Frame-Options", "DENY"],
];

export const defaultClientDir = join(dirname(fileURLToPath(import.meta.url)), "../../dist");

export interface AppOptions {
  /** The pino logger behind ctx.logger, for per-request logging. */
  httpLogger?: PinoLogger;
  /** Folder of the built React client; the client is not served when it does not exist. */
  clientDir?: string;
  /** Serves the client some other way (the Vite dev server in development). */
  clientMiddleware?: RequestHandler[];
  /** Options of the WordPress plugin's API (tests give it a writer and wait for background generations). */
  apiV1?: ApiV1RouterOptions;
}

/** Headers a middleware sets on every response, read once from a stand-in response (helmet's are the same each time). */
function headersOf(middleware: RequestHandler): Array<[string, string]> {
  const headers = new Map<string, string>();
  const res = {
    setHeader: (name: string, value: unknown) => headers.set(name, String(value)),
    removeHeader: (name: string) => headers.delete(name),
    getHeader: (name: string) => headers.get(name),
  };
  middleware({ url: "/", method: "GET", headers: {} } as never, res as never, () => undefined);
  return [...headers];
}

/** The stand-in for the site's address in the built pages (client/src/lib/public-pages.ts). */
const APP_URL_TOKEN = "__APP_URL__";

/** The client's routes for signed-in members and the e-mail verification step (client/src/routes.tsx). */
const appRoutes = new Set([
  "/admin",
  "/account",
  "/posts",
  "/your-posts",
  "/autopilot",
  "/subscription",
  "/subscription/success",
  "/verify-email",
  "/forgot-password",
  "/reset-password",
  // The WordPress plugin's "Connect to Postwright" lands here, signed in or not.
  "/connect/wordpress",
]);

/**
 * Which built page answers a path. A visitor gets the public pages prerendered with their content (pages/<name>.html,
 * in the variant showing the plans as this site sells them), and the "Page Not Found" page with a 404 for unknown
 * paths. A browser that has a session (its pw.session cookie, see http/session.ts) and the app's own routes get the
 * empty page the client fills in itself, as does everything when the build has no prerendered pages.
 */
function clientPages(clientDir: string, options: { paymentsEnabled: boolean }) {
  const pages = new Map<string, string>();
  const pagesDir = join(clientDir, "pages");
  const built = existsSync(pagesDir) ? readdirSync(pagesDir) : [];
  for (const file of built) {
    const match = /^([\w-]+)\.html$/.exec(file);
    if (!match?.[1]) continue;
    const name = match[1];
    const preferred =
      options.paymentsEnabled && built.includes(`${name}.payments.html`) ? `${name}.payments.html` : file;
    pages.set(name === "landing" ? "/" : `/${name}`, `/pages/${preferred}`);
  }
  const notFound = pages.get("/not-found");
  pages.delete("/not-found");
  return (pathname: string, req: IncomingMessage) => {
    if (pathname.startsWith("/uploads/")) return undefined;
    const path = pathname.length > 1 && pathname.endsWith("/") ? pathname.slice(0, -1) : pathname;
    const known = pages.has(path) || appRoutes.has(path) || /^\/(?:autopilot|posts|refreshes)\/\d+$/.test(path);
    const status = known || !notFound ? 200 : 404;
    if (hasSessionHint(req.headers.cookie) || !pages.size) return { file: "/index.html", status };
    return { file: pages.get(path) ?? (known ? "/index.html" : (notFound ?? "/index.html")), status };
  };
}

/** The built client served from memory (see http/static-site.ts), or undefined when there is none. */
export function staticSiteOf(app: Express): StaticSite | undefined {
  return (app.locals as { staticSite?: StaticSite }).staticSite;
}

export function createApp(ctx: ServerContext, options: AppOptions = {}): Express {
  const app = express();
  app.disable("x-powered-by");
  if (ctx.config.trustProxy) {
    const hops = Number(ctx.config.trustProxy);
    app.set(
      "trust proxy",
      Number.isInteger(hops) ? hops : ctx.config.trustProxy === "true" ? true : ctx.config.trustProxy,
    );
  }
  app.set("query parser", "simple");
  // API answers are never cached (Cache-Control: no-store), so an ETag over every JSON body would be hashed for
  // nothing. Static files keep theirs (express.static sets them itself).
  app.set("etag", false);
  app.response.json = sendJson;

  // Pages, assets and uploads get helmet's full set of headers; API answers (JSON, never rendered as a document) get
  // the set OWASP's REST security guidance gives, a fifth of the bytes on the hottest responses.
  const pageHeaders = helmet({
    contentSecurityPolicy: ctx.config.isProduction
      ? {
          directives: {
            "default-src": ["'self'"],
            // Images of the owner's stores (product cards, the featured products picker) come from their addresses:
            // over HTTPS, or plain http where stores and sites on private addresses may be connected (development).
            "img-src": [
              "'self'",
              "data:",
              "blob:",
              "https:",
              ...(ctx.config.allowPrivateNetworkTargets ? ["http:"] : []),
            ],
            "style-src": ["'self'", "'unsafe-inline'"],
            "script-src": ["'self'"],
            "connect-src": ["'self'"],
            "form-action": ["'self'", "https:"],
            "frame-ancestors": ["'none'"],
            // Only a site served over HTTPS may ask browsers to upgrade; on plain http (a LAN address, a container
            // without a proxy) the upgrade would break every script and stylesheet.
            "upgrade-insecure-requests": ctx.config.appUrl.startsWith("https://") ? [] : null,
          },
        }
      : false,
    // Stripe Checkout and the billing portal are reached by navigation, which COOP does not affect.
    crossOriginEmbedderPolicy: false,
  });
  app.use((req, res, next) => {
    if (!req.url.startsWith("/api/")) {
      pageHeaders(req, res, next);
      return;
    }
    for (const [name, value] of apiSecurityHeaders) res.setHeader(name, value);
    next();
  });
  if (options.httpLogger) app.use(requestLogger(options.httpLogger));

  // Signed webhooks read their raw body and carry no session: mounted before JSON parsing and the CSRF guard.
  for (const router of webhookRouters(ctx)) app.use("/api", router);

  // The WordPress plugin's API authenticates each request by its site credential and carries no cookies: it has its
  // own JSON parsing, rate limits and errors, before the session and CSRF middleware.
  app.use("/api/v1", createApiV1Router(ctx, options.apiV1));

  // One router for the API, mounted once: the /api prefix is matched and stripped once per request.
  const api = express.Router();
  api.use(express.json({ limit: "2mb" }));
  api.use(rejectNul);
  api.use(sessions(ctx));
  api.use(sameOriginWrites());
  api.use(loadUser(ctx));
  api.use((_req, res, next) => {
    res.setHeader("Cache-Control", "no-store");
    next();
  });
  for (const router of apiRouters(ctx)) api.use(router);
  api.use(apiNotFound);
  app.use("/api", api);

  app.use(
    "/uploads",
    express.static(ctx.config.uploadDir, {
      index: false,
      fallthrough: true,
      maxAge: "7d",
      setHeaders(res) {
        // Uploaded files are images checked by content; never let a browser run one as a page.
        res.setHeader("X-Content-Type-Options", "nosniff");
        res.setHeader("Content-Security-Policy", "default-src 'none'; sandbox");
      },
    }),
  );

  if (options.clientMiddleware) {
    app.use(...options.clientMiddleware);
  } else {
    const clientDir = options.clientDir ?? defaultClientDir;
    if (existsSync(join(clientDir, "index.html"))) {
      const site = new StaticSite(clientDir, {
        pageHeaders: headersOf(pageHeaders),
        assetHeaders: [
          ["Cross-Origin-Resource-Policy", "same-origin"],
          ["X-Content-Type-Options", "nosniff"],
        ],
        fallback: clientPages(clientDir, { paymentsEnabled: ctx.billing.enabled }),
        // Pages, robots.txt and the sitemap are built with a stand-in for the site's address.
        transform: (path, body) =>
          /\.(html|txt|xml)$/.test(path) && body.includes(APP_URL_TOKEN)
            ? Buffer.from(body.toString("utf8").replaceAll(APP_URL_TOKEN, ctx.config.appUrl.replace(/\/+$/, "")))
            : body,
        varyPagesOn: "Cookie",
      });
      (app.locals as { staticSite?: StaticSite }).staticSite = site;
      // The HTTP server answers from the site before Express sees the request (http/create-http-server.ts); this is
      // the same answer for an app driven without that server (supertest).
      app.use((req, res, next) => {
        if (!site.serve(req, res)) next();
      });
    }
  }

  app.use(errorHandler);
  return app;
}
