// Several server processes on one port (WEB_CONCURRENCY): the primary process only starts and watches them; each
// worker is a complete instance (its own pool, caches and scheduler) on the shared PostgreSQL database, exactly as
// separate machines would be, which the design already allows. Node's cluster module hands new connections to the
// workers in turn.
import cluster, { type Worker } from "node:cluster";
import type { Config } from "@postwright/core/env";
import type { Logger } from "@postwright/core/logger";

const RESTART_DELAY_MS = 1000;

/** Runs the primary process: starts config.webConcurrency workers, replaces any that dies, stops them on a signal. */
export function runPrimary(config: Config, logger: Logger): void {
  let stopping = false;
  let everListening = false;

  const start = (): Worker => {
    const worker = cluster.fork();
    worker.once("listening", () => {
      everListening = true;
    });
    worker.once("exit", (code, signal) => {
      if (stopping) return;
      if (!everListening) {
        // A worker that never served (a port in use, a database that refuses) would fail again: give up.
        logger.error({ code, signal }, "a server process could not start; stopping");
        stopping = true;
        for (const other of Object.values(cluster.workers ?? {})) other?.kill("SIGTERM");
        process.exitCode = 1;
        return;
      }
      logger.error({ pid: worker.process.pid, code, signal }, "a server process stopped; starting another");
      setTimeout(() => {
        if (!stopping) start();
      }, RESTART_DELAY_MS);
    });
    return worker;
  };

  for (let i = 0; i < config.webConcurrency; i++) start();
  logger.info({ processes: config.webConcurrency }, "starting server processes");

  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      logger.info({ signal }, "shutting down");
      for (const worker of Object.values(cluster.workers ?? {})) worker?.kill("SIGTERM");
    });
  }
}

export const isPrimaryOfSeveral = (config: Config): boolean => config.webConcurrency > 1 && cluster.isPrimary;
