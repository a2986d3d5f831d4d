// One structured log line per API request, tagged with a request id (taken from X-Request-Id when a proxy sets one),
// which is echoed back so a user's report can be matched to the log. Secrets never reach the log: the request line
// names only method, path (no query string), status and duration, and any other object logged has its secret fields
// redacted.
//
// Written here rather than with pino-http: that middleware builds a child logger with serialised bindings for every
// request, which cost more than everything else the API does for a signed-in page load (`npm run bench -- api`).
import { randomUUID } from "node:crypto";
import type { RequestHandler } from "express";
import type { Logger as PinoLogger } from "pino";

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Request {
      /** This request's id, as logged and sent back in X-Request-Id. */
      id?: string;
      /** The logger for what goes wrong while handling this request (log `reqId: req.id` with it). */
      log?: PinoLogger;
    }
  }
}

// Made and redacted the same way as every other process's logger (@postwright/core/logging).
export { createLogger, redactPaths } from "@postwright/core/logging";

const validId = /^[\w-]{1,100}$/;
const logged = (url: string) => url.startsWith("/api/") || url.startsWith("/uploads/");

export function requestLogger(logger: PinoLogger): RequestHandler {
  // The request line is built here from fields that hold no secret, so it skips the redaction every other line gets.
  const lines = logger.child({}, { redact: { paths: [] } });
  return (req, res, next) => {
    const incoming = req.headers["x-request-id"];
    const id = typeof incoming === "string" && validId.test(incoming) ? incoming : randomUUID();
    req.id = id;
    req.log = logger;
    res.setHeader("X-Request-Id", id);
    const url = req.url;
    if (logged(url)) {
      const started = performance.now();
      const method = req.method;
      let done = false;
      const finish = () => {
        if (done) return;
        done = true;
        const statusCode = res.statusCode;
        const line = {
          req: { id, method, url: url.split("?", 1)[0] },
          res: { statusCode },
          responseTime: Math.round(performance.now() - started),
          ...(res.writableFinished ? {} : { aborted: true }),
        };
        if (statusCode >= 500) lines.error(line, "request failed");
        else if (statusCode >= 400) lines.warn(line, "request completed");
        else lines.info(line, "request completed");
      };
      res.once("finish", finish);
      res.once("close", finish);
    }
    next();
  };
}
