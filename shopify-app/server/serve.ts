// `npm run start -w shopify-app`: the production build (`npm run build -w shopify-app`) on PORT (default 3000) and
// HOST (default 127.0.0.1; 0.0.0.0 in the Docker image). SIGTERM or SIGINT ends it within 10 seconds (app-server.ts),
// with exit code 0 when everything in flight finished and the database closed.
import { fileURLToPath } from "node:url";
import { ConfigError, loadConfig } from "@postwright/core/env";
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
const server = await startAppServer({
  buildDir: fileURLToPath(new URL("../build", import.meta.url)),
  port: config.port,
  host: config.host,
  mode: config.nodeEnv,
  log: (line) => console.log(line),
}).catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
console.log(`Postwright for Shopify is running at ${server.url}`);

let stopping = false;
for (const signal of ["SIGTERM", "SIGINT"] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: shutting down`);
    setTimeout(() => {
      console.error("shutdown did not finish in time; exiting");
      process.exit(1);
    }, HARD_STOP_MS).unref();
    server.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error("shutdown failed", error);
        process.exit(1);
      },
    );
  });
}
