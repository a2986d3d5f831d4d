// Development entry point (`npm run dev`): the API and the React client on one port. Vite runs as middleware of the
// Express app, so client edits hot-reload in the browser; scripts/dev.mjs restarts this process on server edits.
import { readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { ConfigError, loadConfig } from "@postwright/core/env";
import type { RequestHandler } from "express";
import { createServer as createViteServer } from "vite";
import { createLogger } from "./http/logging.ts";
import { exitOnSignal, startServer } from "./server.ts";

const viteConfigFile = fileURLToPath(new URL("../../vite.config.ts", import.meta.url));
const indexHtmlFile = fileURLToPath(new URL("../../client/index.html", import.meta.url));

let config;
try {
  config = loadConfig();
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
const logger = createLogger(config.logLevel, process.stdout.isTTY);

const vite = await createViteServer({
  configFile: viteConfigFile,
  server: { middlewareMode: true },
  appType: "custom",
});

// Every page path gets index.html, passed through Vite so it carries the hot-reload client; the React router then
// renders the page (or its own "Page Not Found").
const spaFallback: RequestHandler = async (req, res, next) => {
  if (req.method !== "GET" && req.method !== "HEAD") return next();
  try {
    const template = await readFile(indexHtmlFile, "utf8");
    const html = await vite.transformIndexHtml(req.originalUrl, template);
    res.status(200).set({ "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-cache" }).end(html);
  } catch (error) {
    if (error instanceof Error) vite.ssrFixStacktrace(error);
    next(error);
  }
};

const server = await startServer(config, {
  logger,
  clientMiddleware: [vite.middlewares as unknown as RequestHandler, spaFallback],
});

// Close the database cleanly before the watcher starts the next process on the same data folder.
exitOnSignal(logger, () => Promise.all([vite.close(), server.close()]));
