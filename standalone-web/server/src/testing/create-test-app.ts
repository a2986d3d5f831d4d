// A complete API for route tests: a fresh database (PGlite, or PostgreSQL with TEST_DATABASE_URL), configuration
// from loadConfig with a temporary DATA_DIR, and the real createApp, driven through supertest without a port.
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Express } from "express";
import request from "supertest";
import { registerUser, verifyEmail } from "@postwright/core/accounts";
import { seedPlans } from "@postwright/core/billing";
import type { User } from "@postwright/core/db";
import { loadConfig, type Config } from "@postwright/core/env";
import { createMailer } from "@postwright/core/mail";
import { silentLogger, type Logger } from "@postwright/core/logger";
import { createTestDatabase, type TestDatabase } from "@postwright/core/testing";
import { createApp, type AppOptions } from "../app.ts";
import { createServerContext, watchRequestCaches, type ServerContext } from "../context.ts";
import { siteApiDocument } from "../routes/site-api-document.ts";
import { conformsTo, withCheck } from "./openapi-conformance.ts";
import { createRecordingLogger, type LogEntry } from "./recording-logger.ts";

export type TestAgent = ReturnType<typeof request.agent>;

export interface TestAppOptions {
  /** Environment variables for loadConfig, over the test defaults (e.g. { ADMIN_EMAIL: "...", SMTP_URL: "..." }). */
  env?: Record<string, string | undefined>;
  /** Options for createApp; by default no client folder is served, whatever was built. */
  app?: AppOptions;
  /** The logger behind ctx.logger; by default a recording one, read through `logs`. */
  logger?: Logger;
}

export interface NewUser {
  email?: string;
  password?: string;
  firstName?: string;
  lastName?: string;
}

export interface TestUser {
  user: User;
  email: string;
  password: string;
}

export interface TestApp {
  app: Express;
  ctx: ServerContext;
  db: TestDatabase;
  config: Config;
  /** What the server logged, when the default recording logger is used. */
  logs: LogEntry[];
  /**
   * A supertest agent that keeps cookies, like one browser. Like request(), it checks every answer of a declared route
   * of the site's API against /api/openapi.json (a test fails on an answer the document does not describe).
   */
  agent(): TestAgent;
  /** supertest's request(app), each answer of the site's API checked against its document like agent()'s. */
  request(): ReturnType<typeof request>;
  /** The check agent() and request() make (conformsTo the site API's document), for clients of another app. */
  checkSiteApi: (res: request.Response) => void;
  /** A unique email address for a test user. */
  uniqueEmail(prefix?: string): string;
  /** Creates a verified account through the real registration and verification (no request, so no rate limit). */
  createUser(input?: NewUser): Promise<TestUser>;
  /** Signs the agent in with POST /api/auth/login; throws with the server's message when refused. */
  login(agent: TestAgent, credentials: { email: string; password: string }): Promise<void>;
  /** createUser, then login: the agent is signed in as a new verified user. */
  signUpAndLogin(agent: TestAgent, input?: NewUser): Promise<TestUser>;
  /** Closes the database and removes the temporary data folder. */
  close(): Promise<void>;
}

export const testPassword = "Passw0rd!";

let emailCounter = 0;

export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), "postwright-test-"));
  const config = loadConfig({
    NODE_ENV: "test",
    DATA_DIR: dataDir,
    LOG_LEVEL: "silent",
    SESSION_SECRET: randomBytes(32).toString("hex"),
    ...options.env,
  });
  let db: TestDatabase;
  try {
    db = await createTestDatabase();
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  await seedPlans({ prisma: db.prisma }, { priceIds: config.stripe.priceIds });
  const recording = createRecordingLogger();
  const logger = options.logger ?? recording;
  const ctx: ServerContext = createServerContext({ config, db, logger });
  // As in production: the signed-in user and the session are served from memory while change notifications arrive.
  const stopWatching = await watchRequestCaches(ctx);
  const app = createApp(ctx, { clientDir: join(dataDir, "no-client"), ...options.app });
  // Test users are made with a development mailer whatever the configuration, so their codes are at hand.
  const accountDeps = { prisma: db.prisma, mailer: createMailer({ ...config.mail, smtpUrl: undefined, showCodesWithoutMail: true }, silentLogger), config };

  // Every answer of the site's API is checked against the document the server publishes: an answer from a route it
  // does not declare fails the test. The plugin API (/api/v1) has its own document and checks.
  const checkSiteApi = conformsTo(siteApiDocument(config.appUrl), "/api", {
    undeclared: "fail",
    elsewhere: ["/api/v1"],
  });

  const uniqueEmail = (prefix = "user") => `${prefix}-${++emailCounter}-${randomBytes(3).toString("hex")}@example.com`;

  async function createUser(input: NewUser = {}): Promise<TestUser> {
    const email = (input.email ?? uniqueEmail()).toLowerCase();
    const password = input.password ?? testPassword;
    const registered = await registerUser(accountDeps, {
      email,
      password,
      firstName: input.firstName ?? "Test",
      lastName: input.lastName ?? "User",
    });
    const code = registered.response.developmentCode;
    if (!code) throw new Error(`createUser: an account already exists for ${email}`);
    const user = await verifyEmail(accountDeps, { email, code }, { registrationId: registered.registrationId });
    return { user, email, password };
  }

  async function login(agent: TestAgent, credentials: { email: string; password: string }): Promise<void> {
    const res = await agent.post("/api/auth/login").send(credentials);
    if (res.status !== 200) throw new Error(`login failed with ${res.status}: ${JSON.stringify(res.body)}`);
  }

  return {
    app,
    ctx,
    db,
    config,
    logs: recording.entries,
    agent: () => withCheck(request.agent(app), checkSiteApi),
    request: () => withCheck(request(app), checkSiteApi),
    checkSiteApi,
    uniqueEmail,
    createUser,
    login,
    async signUpAndLogin(agent, input) {
      const created = await createUser(input);
      await login(agent, created);
      return created;
    },
    async close() {
      try {
        await stopWatching();
        await db.close();
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
  };
}
