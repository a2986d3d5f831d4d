// Starts the whole site: database (migrated), the HTTP server and the background work. Used by main.ts and by the
// end-to-end tests and benchmarks, which start real servers.
import type { ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { Config } from "@postwright/core/env";
import { seedPlans } from "@postwright/core/billing";
import { createDatabase, migrate, type Database } from "@postwright/core/db";
import type { Logger as PinoLogger } from "pino";
import { createApp, staticSiteOf, type AppOptions } from "./app.ts";
import { createHttpServer } from "./http/create-http-server.ts";
import { createLogger } from "./http/logging.ts";
import { startBackgroundWork } from "./background.ts";
import { createServerContext, watchRequestCaches } from "./context.ts";

/**
 * How long a shutdown lets requests in flight finish before stopping them (a generation still writing then ends
 * uncharged): container platforms kill a process 10 seconds after SIGTERM, and the background work and the database
 * close after this.
 */
export const SHUTDOWN_GRACE_MS = 6_000;
/** How long stopped requests get to send their last answer (a 503, or the error event of a stream). */
const SHUTDOWN_FINAL_MS = 2_000;
/** Past this after the signal, the process ends even if closing has not finished, before a platform's SIGKILL. */
const SHUTDOWN_HARD_STOP_MS = 9_500;

export interface RunningServer {
  url: string;
  db: Database;
  logger: PinoLogger;
  close(graceMs?: number): Promise<void>;
}

export async function startServer(
  config: Config,
  options: AppOptions & { logger?: PinoLogger } = {},
): Promise<RunningServer> {
  const logger = options.logger ?? createLogger(config.logLevel);
  const db = await createDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const migrations = await migrate(db);
  if (migrations.applied.length) logger.info({ applied: migrations.applied }, "database migrated");
  if (migrations.modified.length) logger.warn({ modified: migrations.modified }, "applied migrations changed on disk");
  await seedPlans({ prisma: db.prisma }, { priceIds: config.stripe.priceIds });
  const ctx = createServerContext({ config, db, logger });
  const stopWatching = await watchRequestCaches(ctx);
  const background = await startBackgroundWork(ctx);
  const app = createApp(ctx, { httpLogger: logger, ...options });
  const server = createHttpServer(app, staticSiteOf(app)?.serve).listen(config.port, config.host);
  // Requests in flight, so a shutdown can wait for them.
  let inFlight = 0;
  let drained: (() => void) | undefined;
  server.on("request", (_req, res: ServerResponse) => {
    inFlight += 1;
    res.once("close", () => {
      inFlight -= 1;
      if (inFlight === 0) drained?.();
    });
  });
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
  await new Promise<void>((resolve, reject) => {
    server.once("listening", resolve);
    server.once("error", reject);
  });
  server.keepAliveTimeout = 65_000;
  const { port } = server.address() as AddressInfo;
  const host = config.host === "0.0.0.0" || config.host === "::" ? "localhost" : config.host;
  const url = `http://${host.includes(":") ? `[${host}]` : host}:${port}`;
  logger.info({ url, database: db.engine }, "Postwright is running");
  return {
    url,
    db,
    logger,
    /**
     * Graceful: stops accepting connections, lets the requests in flight finish for up to SHUTDOWN_GRACE_MS, then
     * stops those still running (a generation is not charged, its stream ends with an error event, a plain request
     * gets 503), and only then closes the database.
     */
    async close(graceMs = SHUTDOWN_GRACE_MS) {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      await settled(graceMs);
      if (inFlight > 0) {
        logger.warn({ inFlight }, "stopping the requests still running");
        ctx.shutdown.abort();
        await settled(SHUTDOWN_FINAL_MS);
      }
      server.closeAllConnections();
      await closed;
      await background.stop();
      await stopWatching();
      await db.close();
    },
  };
}

/** On SIGINT or SIGTERM (once): logs it, runs close, and exits 0, or 1 when closing failed or outlasted 9.5 s. */
export function exitOnSignal(logger: PinoLogger, close: () => Promise<unknown>): void {
  let stopping = false;
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      logger.info({ signal }, "shutting down");
      setTimeout(() => {
        logger.error({}, "shutdown did not finish in time");
        logger.flush();
        process.exit(1);
      }, SHUTDOWN_HARD_STOP_MS).unref();
      close().then(
        () => process.exit(0),
        (err: unknown) => {
          logger.error({ err }, "shutdown failed");
          process.exit(1);
        },
      );
    });
  }
}
