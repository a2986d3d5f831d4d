// Everything a request handler may use, built once in main.ts (or by a test) and passed to createApp.
import type { Config } from "@postwright/core/env";
import type { Database } from "@postwright/core/db";
import type { Logger } from "@postwright/core/logger";

export interface ServerContext {
  config: Config;
  db: Database;
  logger: Logger;
}
