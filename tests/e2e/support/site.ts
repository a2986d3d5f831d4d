// A real running site for browser tests: the Express API with the built client, in production mode, on a loopback
// port, with its own data folder and database. The database is embedded (PGlite in the data folder) unless
// TEST_DATABASE_URL names a PostgreSQL server, where a fresh database is created and dropped afterwards.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { loadConfig } from "@postwright/core/env";
import { createScratchDatabase, testDatabaseServer } from "@postwright/core/testing";
import { startServer, type RunningServer } from "../../../standalone-web/server/src/server.ts";
import { POSTWRIGHT_PRICES, type FakeStripe } from "../../fakes/stripe/index.ts";
import { freePort } from "../../support/free-port.ts";
import { ensureClientBuilt } from "./client-build.ts";
import { seedEmbeddedDatabase } from "./database-template.ts";

export interface StartSiteOptions {
  /** The administrator's address (ADMIN_EMAIL). */
  adminEmail?: string;
  /** Payments through this fake Stripe: API base, key, webhook secret and the fake's price ids. */
  stripe?: FakeStripe;
  /** Mail through this SMTP server (SMTP_URL) instead of development mail mode. */
  smtpUrl?: string;
  /** Posts written by a model through this OpenAI-compatible server (OPENAI_BASE_URL) instead of the offline writer. */
  openaiBaseUrl?: string;
}

export interface Site {
  /** http://127.0.0.1:<port>, the address the browser opens (also APP_URL, so payment redirects come back here). */
  url: string;
  server: RunningServer;
  /** The Stripe webhook endpoint, for the fake to post events to. */
  stripeWebhookUrl: string;
  close(): Promise<void>;
}

function siteEnvironment(port: number, dataDir: string, databaseUrl: string | undefined, options: StartSiteOptions) {
  const env: Record<string, string> = {
    NODE_ENV: "production",
    HOST: "127.0.0.1",
    PORT: String(port),
    APP_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: dataDir,
    LOG_LEVEL: "silent",
    // The WordPress site of the tests listens on 127.0.0.1, which outbound requests refuse by default.
    ALLOW_PRIVATE_NETWORK_TARGETS: "1",
  };
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  if (options.adminEmail) env.ADMIN_EMAIL = options.adminEmail;
  if (options.smtpUrl) env.SMTP_URL = options.smtpUrl;
  if (options.openaiBaseUrl) {
    env.OPENAI_BASE_URL = options.openaiBaseUrl;
    env.OPENAI_MODEL = "fake-model";
  }
  if (options.stripe) {
    env.STRIPE_SECRET_KEY = options.stripe.apiKey;
    env.STRIPE_WEBHOOK_SECRET = options.stripe.webhookSecret;
    env.STRIPE_API_BASE = options.stripe.url;
    env.STRIPE_PRICE_STARTER_MONTH = POSTWRIGHT_PRICES["starter:month"].id;
    env.STRIPE_PRICE_STARTER_YEAR = POSTWRIGHT_PRICES["starter:year"].id;
    env.STRIPE_PRICE_PROFESSIONAL_MONTH = POSTWRIGHT_PRICES["professional:month"].id;
    env.STRIPE_PRICE_PROFESSIONAL_YEAR = POSTWRIGHT_PRICES["professional:year"].id;
  }
  return env;
}

/**
 * Starts the site. The configuration is built from scratch (not from this process's environment), so a developer's
 * OPENAI_API_KEY or SMTP_URL cannot change what the tests see: generation uses the offline writer and registration
 * shows the development code.
 */
/** A new, empty database on the PostgreSQL server named by TEST_DATABASE_URL; none (embedded) without it. */
async function scratchDatabase(): Promise<{ url: string | undefined; drop(): Promise<void> }> {
  const server = testDatabaseServer();
  return server ? createScratchDatabase(server, "postwright_e2e") : { url: undefined, drop: async () => {} };
}

export async function startSite(options: StartSiteOptions = {}): Promise<Site> {
  const [clientDir, dataDir, database] = await Promise.all([
    ensureClientBuilt(),
    mkdtemp(path.join(tmpdir(), "postwright-e2e-")),
    scratchDatabase(),
  ]);
  let server: RunningServer | undefined;
  let port = 0;
  try {
    // A free port is chosen up front because APP_URL must name it; another process may take it in between.
    for (let attempt = 1; !server; attempt += 1) {
      port = await freePort();
      // A failed attempt may leave its embedded database open, so each attempt gets a folder of its own.
      const siteDir = path.join(dataDir, `site-${attempt}`);
      if (!database.url) await seedEmbeddedDatabase(siteDir);
      const config = loadConfig(siteEnvironment(port, siteDir, database.url, options));
      try {
        server = await startServer(config, { clientDir });
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "EADDRINUSE" || attempt >= 3) throw error;
      }
    }
  } catch (error) {
    await database.drop();
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
  const running = server;
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    server: running,
    stripeWebhookUrl: `${url}/api/stripe/webhook`,
    async close() {
      await running.close();
      await database.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
