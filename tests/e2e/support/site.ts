// A real running site for browser tests: the Express API with the built client, in production mode, on a loopback
// port, with its own data folder and database. The database is embedded (PGlite in the data folder) unless
// TEST_DATABASE_URL names a PostgreSQL server, where a fresh database is created and dropped afterwards.
import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { loadConfig } from "@postwright/core/env";
import { startServer, type RunningServer } from "../../../standalone-web/server/src/server.ts";
import { POSTWRIGHT_PRICES, type FakeStripe } from "../../fakes/stripe/index.ts";
import { ensureClientBuilt } from "./client-build.ts";
import { seedEmbeddedDatabase } from "./database-template.ts";

export interface StartSiteOptions {
  /** The administrator's address (ADMIN_EMAIL). */
  adminEmail?: string;
  /** Payments through this fake Stripe: API base, key, webhook secret and the fake's price ids. */
  stripe?: FakeStripe;
}

export interface Site {
  /** http://127.0.0.1:<port>, the address the browser opens (also APP_URL, so payment redirects come back here). */
  url: string;
  server: RunningServer;
  /** The Stripe webhook endpoint, for the fake to post events to. */
  stripeWebhookUrl: string;
  close(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.on("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      const port = typeof address === "object" && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

interface ScratchDatabase {
  url: string | undefined;
  drop(): Promise<void>;
}

/** A new, empty database on the PostgreSQL server named by TEST_DATABASE_URL; none (embedded) without it. */
async function scratchDatabase(): Promise<ScratchDatabase> {
  const server = process.env.TEST_DATABASE_URL;
  if (!server) return { url: undefined, drop: async () => {} };
  const name = `postwright_e2e_${Date.now().toString(36)}_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(server);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const dropper = new pg.Client({ connectionString: server });
      await dropper.connect();
      try {
        await dropper.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      } finally {
        await dropper.end();
      }
    },
  };
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
