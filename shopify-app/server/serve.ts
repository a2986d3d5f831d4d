// `npm run start -w shopify-app`: the production build (`npm run build -w shopify-app`) on PORT (default 3000) and
// HOST (default 127.0.0.1; 0.0.0.0 in the Docker image). SIGTERM or SIGINT ends it within 10 seconds (app-server.ts),
// with exit code 0 when everything in flight finished and the database closed.
import { fileURLToPath } from "node:url";
import { ConfigError, loadConfig } from "@postwright/core/env";
import { createLogger } from "@postwright/core/logging";
import { startAppServer } from "./app-server.ts";

// A production server unless told otherwise (as remix-serve did): the build's own configuration reads it too.
// eslint-disable-next-line no-restricted-properties -- the one default this entry sets before configuration is read
process.env.NODE_ENV ??= "production";
/** Past this after the signal, the process ends even if closing has not finished, before a platform's SIGKILL. */
const HARD_STOP_MS = 9_500;

let config;
try {
  config = loadConfig();
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(error.message);
  process.exit(1);
}
// Readable lines at a terminal, JSON lines in production and whenever the output goes to a pipe; LOG_FORMAT decides.
const pretty = config.logFormat ? config.logFormat === "pretty" : !config.isProduction && Boolean(process.stdout.isTTY);
const logger = createLogger(config.logLevel, pretty);
const server = await startAppServer({
  buildDir: fileURLToPath(new URL("../build", import.meta.url)),
  port: config.port,
  host: config.host,
  mode: config.nodeEnv,
  logger,
}).catch((error: unknown) => {
  logger.fatal({ err: error }, "the app could not start");
  logger.flush();
  process.exit(1);
});
logger.info({ url: server.url }, `Postwright for Shopify is running at ${server.url}`);

let stopping = false;
for (const signal of ["SIGTERM", "SIGINT"] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, `${signal}: shutting down`);
    const exit = (code: number) => logger.flush(() => process.exit(code));
    setTimeout(() => {
      logger.error("shutdown did not finish in time; exiting");
      exit(1);
    }, HARD_STOP_MS).unref();
    server.close().then(
      () => exit(0),
      (error: unknown) => {
        logger.error({ err: error }, "shutdown failed");
        exit(1);
      },
    );
  });
}
