// Builds the Express application (no listening here, so tests drive it through supertest).
// Order: security headers and request logging, webhooks (raw bodies, signed), JSON parsing, sessions, CSRF guard,
// the API routers, a JSON 404 for unknown API paths, then uploaded images and the React client.
import { existsSync } from "node:fs";
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
import { sessions } from "./http/session.ts";

export { SESSION_COOKIE } from "./http/session.ts";
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
}

export function createApp(ctx: ServerContext, options: AppOptions = {}): Express {
  const app = express();
  app.disable("x-powered-by");
  if (ctx.config.trustProxy) {
    const hops = Number(ctx.config.trustProxy);
    app.set("trust proxy", Number.isInteger(hops) ? hops : ctx.config.trustProxy === "true" ? true : ctx.config.trustProxy);
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
            "img-src": ["'self'", "data:", "blob:", "https:"],
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
      app.use(express.static(clientDir, { index: false, maxAge: "1h" }));
      // Every other path is a page of the single-page client, which renders its own "Page Not Found".
      app.get(/.*/, (_req, res) => {
        res.setHeader("Cache-Control", "no-cache");
        res.sendFile("index.html", { root: clientDir });
      });
    }
  }

  app.use(errorHandler);
  return app;
}
