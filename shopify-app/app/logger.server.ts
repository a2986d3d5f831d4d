// The app's structured log, as the site's: JSON lines (readable lines at a terminal), secrets redacted by the core's
// rules, and every line written while a request is handled tagged with that request's id (`reqId`, the X-Request-Id
// the server answers with). The production server (server/app-server.ts) and the Remix build are separate module
// graphs in one process: they share the logger and the request context through two global symbols.
import { AsyncLocalStorage } from "node:async_hooks";
import { loadConfig } from "@postwright/core/env";
import type { Logger } from "@postwright/core/logger";
import { createLogger, type PinoLogger } from "@postwright/core/logging";

const LOGGER = Symbol.for("postwright.shopify-app.logger");
const REQUEST = Symbol.for("postwright.shopify-app.request");

interface RequestContext {
  id: string;
}

const shared = globalThis as typeof globalThis & {
  [LOGGER]?: PinoLogger;
  [REQUEST]?: AsyncLocalStorage<RequestContext>;
};

/** The request being handled, for tagging what is logged while it runs. */
export const requestContext: AsyncLocalStorage<RequestContext> = (shared[REQUEST] ??= new AsyncLocalStorage());

/** Sets the process's logger (the server does, before the first request). */
export function setAppLogger(logger: PinoLogger): void {
  shared[LOGGER] = logger;
}

/** The app's logger; within a request, a child tagged with its id. */
export function appLogger(): PinoLogger {
  const base = (shared[LOGGER] ??= createLogger(loadConfig().logLevel));
  const id = requestContext.getStore()?.id;
  return id ? base.child({ reqId: id }) : base;
}

/**
 * A logger for services made once and used by every request (the writer, the connections): each line goes to the
 * app's logger at the moment it is written, so it carries the id of the request that wrote it.
 */
export function contextualLogger(bindings: Record<string, unknown> = {}): Logger {
  const current = () => (Object.keys(bindings).length ? appLogger().child(bindings) : appLogger());
  return {
    debug: (obj, msg) => current().debug(obj, msg),
    info: (obj, msg) => current().info(obj, msg),
    warn: (obj, msg) => current().warn(obj, msg),
    error: (obj, msg) => current().error(obj, msg),
    child: (more) => contextualLogger({ ...bindings, ...more }),
  };
}
