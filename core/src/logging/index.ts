// The one way every process of the product makes its logger (the site's API, the Shopify app, the workers): pino,
// JSON lines for production and when piped, readable lines at a terminal (pino-pretty, a development dependency),
// and the same redaction everywhere, so that no surface logs a password, a token or a session cookie.
import { pino, type Logger as PinoLogger } from "pino";

/** Fields never written to the log, whatever object they are logged in. */
export const redactPaths = [
  "req.headers.authorization",
  "req.headers.cookie",
  'res.headers["set-cookie"]',
  "*.password",
  "*.accessToken",
  "*.applicationPassword",
  "*.code",
  "*.hashedPassword",
  "*.credential",
  "*.signingSecret",
  "*.apiKey",
  "*.apiSecret",
  "*.session",
];

/** Whether pino-pretty is installed (a development dependency: `npm install --omit=dev` leaves it out). */
function prettyInstalled(): boolean {
  try {
    import.meta.resolve("pino-pretty");
    return true;
  } catch {
    return false;
  }
}

export function createLogger(level: string, pretty = false): PinoLogger {
  const options = { level, redact: { paths: redactPaths, censor: "[redacted]" } };
  if (pretty && prettyInstalled()) {
    return pino({ ...options, transport: { target: "pino-pretty", options: { singleLine: true } } });
  }
  // Written asynchronously: lines logged while a write is under way go out together in the next one, and what is
  // still buffered is written when the process exits.
  return pino(options, pino.destination({ dest: 1, sync: false }));
}

export type { PinoLogger };
