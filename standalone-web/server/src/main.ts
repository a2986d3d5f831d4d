// Entry point of the standalone site: `npm start` (production build) and `npm run dev`.
import { loadConfig, ConfigError, type Config } from "@postwright/core/env";
import { isPrimaryOfSeveral, runPrimary } from "./cluster.ts";
import { createLogger } from "./http/logging.ts";
import { exitOnSignal, startServer } from "./server.ts";

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
  exitOnSignal(logger, () => server.close());
}
