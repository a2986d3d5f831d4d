// Entry point of the standalone site: `npm start` (production build) and `npm run dev`.
import { loadConfig, ConfigError, type Config } from "@postwright/core/env";
import { isPrimaryOfSeveral, runPrimary } from "./cluster.ts";
import { createLogger } from "./http/logging.ts";
import { startServer } from "./server.ts";

let config: Config;
try {
  config = loadConfig();
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
const logger = createLogger(config.logLevel, !config.isProduction && process.stdout.isTTY);
if (isPrimaryOfSeveral(config)) {
  // The secrets generated into DATA_DIR exist now (loadConfig made them), so every worker reads the same ones.
  runPrimary(config, logger);
} else {
  await serve();
}

async function serve(): Promise<void> {
  const server = await startServer(config, { logger });

  let stopping = false;
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      logger.info({ signal }, "shutting down");
      server.close().then(
        () => process.exit(0),
        (err: unknown) => {
          logger.error({ err }, "shutdown failed");
          process.exit(1);
        },
      );
    });
  }
}
