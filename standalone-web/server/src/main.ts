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
// Readable lines at a terminal (`npm run dev`, and `npm start` unless the shell said NODE_ENV=production: see
// scripts/start.mjs), JSON lines in production and whenever the output goes to a pipe or a file; LOG_FORMAT decides.
const pretty = config.logFormat ? config.logFormat === "pretty" : !config.isProduction && Boolean(process.stdout.isTTY);
const logger = createLogger(config.logLevel, pretty);
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
