// One structured log line per request, tagged with a request id (taken from X-Request-Id when a proxy sets one),
// which is echoed back so a user's report can be matched to the log. Secrets never reach the log.
import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { pino, type Logger as PinoLogger } from "pino";
import { pinoHttp } from "pino-http";

export const redactPaths = [
  "req.headers.authorization",
  "req.headers.cookie",
  'res.headers["set-cookie"]',
  "*.password",
  "*.accessToken",
  "*.applicationPassword",
  "*.code",
  "*.hashedPassword",
];

export function createLogger(level: string, pretty = false): PinoLogger {
  return pino({
    level,
    redact: { paths: redactPaths, censor: "[redacted]" },
    ...(pretty ? { transport: { target: "pino-pretty", options: { singleLine: true } } } : {}),
  });
}

export function requestLogger(logger: PinoLogger) {
  return pinoHttp({
    logger,
    genReqId(req: IncomingMessage, res: ServerResponse) {
      const incoming = req.headers["x-request-id"];
      const id = typeof incoming === "string" && /^[\w-]{1,100}$/.test(incoming) ? incoming : randomUUID();
      res.setHeader("X-Request-Id", id);
      return id;
    },
    customLogLevel(_req, res, error) {
      if (error || res.statusCode >= 500) return "error";
      if (res.statusCode >= 400) return "warn";
      return "info";
    },
    serializers: {
      req: (req: { id: string; method: string; url: string }) => ({ id: req.id, method: req.method, url: req.url.split("?")[0] }),
      res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
    },
    autoLogging: { ignore: (req) => !req.url?.startsWith("/api/") && !req.url?.startsWith("/uploads/") },
  });
}
