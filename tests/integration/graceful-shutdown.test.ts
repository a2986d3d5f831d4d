// Deploys end a process with SIGTERM and kill it 10 seconds later. The site and the Shopify app, each started as its
// own process the way production starts it, get SIGTERM while a request is in flight: they take no new connection,
// finish that request (its work is in the database afterwards) and exit with code 0 within those 10 seconds.
import { spawn, type ChildProcess } from "node:child_process";
import { createHmac, randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { request, type IncomingMessage } from "node:http";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { createDatabase } from "@postwright/core/db";
import { ensureAppBuilt } from "../../shopify-app/preview/ensure-build.ts";
import { freePort } from "../support/free-port.ts";

const root = fileURLToPath(new URL("../..", import.meta.url));
/** What container platforms allow between SIGTERM and SIGKILL. */
const PLATFORM_GRACE_MS = 10_000;

interface Started {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

const cleanups: Array<() => void> = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

function temporaryDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "postwright-shutdown-"));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** Starts a server process and resolves once its output says it is running. */
async function startProcess(args: string[], env: Record<string, string>, ready: string): Promise<Started> {
  const childEnv: NodeJS.ProcessEnv = { ...process.env, ...env };
  // The embedded database in DATA_DIR, whatever the test run was given.
  delete childEnv.DATABASE_URL;
  delete childEnv.VITEST;
  const child = spawn(process.execPath, args, { cwd: root, env: childEnv, stdio: ["ignore", "pipe", "pipe"] });
  cleanups.push(() => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  });
  let output = "";
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes(ready)) resolve();
    };
    child.stdout!.on("data", onData);
    child.stderr!.on("data", onData);
    void exited.then((code) => reject(new Error(`The server exited (code ${code}) before it was running:\n${output}`)));
  });
  return { child, output: () => output, exited };
}

/** Resolves when the output shows the text (the process got the signal and began shutting down). */
function outputShows(started: Started, text: string): Promise<void> {
  return new Promise((resolve) => {
    const check = () => {
      if (!started.output().includes(text)) return;
      started.child.stdout!.off("data", check);
      started.child.stderr!.off("data", check);
      resolve();
    };
    started.child.stdout!.on("data", check);
    started.child.stderr!.on("data", check);
    check();
  });
}

function connectionRefused(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve(false);
    });
    socket.once("error", (error: NodeJS.ErrnoException) => resolve(error.code === "ECONNREFUSED"));
  });
}

/**
 * Whether new connections are refused while the shutdown runs: the listening socket closes on the event loop's next
 * turn after the signal, so a connection made in that moment may still be taken; a few tries tell.
 */
async function refusesNewConnections(port: number): Promise<boolean> {
  for (let attempt = 0; attempt < 20; attempt += 1) {
    if (await connectionRefused(port)) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return false;
}

/**
 * A POST whose headers reach the server first (it answers `100 Continue`, so the request is in its hands), then the
 * signal, then the body: the request is in flight across the start of the shutdown.
 */
async function postAcrossSigterm(
  started: Started,
  port: number,
  pathname: string,
  headers: Record<string, string>,
  body: string,
): Promise<{
  status: number;
  text: string;
  refusedNewConnection: boolean;
  exitCode: number | null;
  exitedInTime: boolean;
}> {
  const req = request({
    host: "127.0.0.1",
    port,
    method: "POST",
    path: pathname,
    headers: { ...headers, "content-length": Buffer.byteLength(body), expect: "100-continue" },
  });
  const response = new Promise<IncomingMessage>((resolve, reject) => {
    req.once("response", resolve);
    req.once("error", reject);
  });
  await new Promise<void>((resolve) => req.once("continue", resolve));
  started.child.kill("SIGTERM");
  const signalled = Date.now();
  await outputShows(started, "shutting down");
  const refusedNewConnection = await refusesNewConnections(port);
  req.end(body);
  const res = await response;
  let text = "";
  for await (const chunk of res) text += String(chunk);
  const exitCode = await Promise.race([
    started.exited,
    new Promise<"late">((resolve) => setTimeout(() => resolve("late"), PLATFORM_GRACE_MS)),
  ]);
  const exitedInTime = exitCode !== "late" && Date.now() - signalled <= PLATFORM_GRACE_MS;
  return {
    status: res.statusCode ?? 0,
    text,
    refusedNewConnection,
    exitCode: exitCode === "late" ? null : exitCode,
    exitedInTime,
  };
}

describe("a shutdown loses nothing", () => {
  it("the site finishes a registration in flight at SIGTERM, refuses new connections and exits 0 in time", async () => {
    const port = await freePort();
    const dataDir = temporaryDir();
    const started = await startProcess(
      ["--import", "tsx", "standalone-web/server/src/main.ts"],
      { NODE_ENV: "production", HOST: "127.0.0.1", PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: "info" },
      "Postwright is running",
    );
    const email = "in-flight@example.com";
    const body = JSON.stringify({ firstName: "Ada", lastName: "Lovelace", email, password: "Abcdef12!" });
    const result = await postAcrossSigterm(
      started,
      port,
      "/api/auth/register",
      { "content-type": "application/json" },
      body,
    );

    expect(result.refusedNewConnection, started.output()).toBe(true);
    expect(result.status, `${result.text}\n${started.output()}`).toBe(200);
    expect(JSON.parse(result.text)).toMatchObject({ email });
    expect(result.exitedInTime, started.output()).toBe(true);
    expect(result.exitCode, started.output()).toBe(0);
    const db = await createDatabase({ dataDir });
    try {
      expect(await db.prisma.emailVerification.count({ where: { email } })).toBe(1);
    } finally {
      await db.close();
    }
  }, 120_000);

  it("the Shopify app finishes a webhook in flight at SIGTERM, refuses new connections and exits 0 in time", async () => {
    await ensureAppBuilt();
    const port = await freePort();
    const dataDir = temporaryDir();
    const apiSecret = randomBytes(24).toString("hex");
    const started = await startProcess(
      ["--import", "tsx", "shopify-app/server/serve.ts"],
      {
        NODE_ENV: "production",
        HOST: "127.0.0.1",
        PORT: String(port),
        DATA_DIR: dataDir,
        ENCRYPTION_KEY: randomBytes(32).toString("hex"),
        SHOPIFY_API_KEY: "shutdown-test",
        SHOPIFY_API_SECRET: apiSecret,
        SHOPIFY_APP_URL: `http://127.0.0.1:${port}`,
      },
      "Postwright for Shopify is running",
    );
    const shop = "shutdown-test.myshopify.com";
    const body = JSON.stringify({ shop_domain: shop, customer: { id: 1 } });
    const webhookId = `shutdown-${randomBytes(4).toString("hex")}`;
    const result = await postAcrossSigterm(
      started,
      port,
      "/webhooks/customers/data_request",
      {
        "content-type": "application/json",
        "x-shopify-hmac-sha256": createHmac("sha256", apiSecret).update(body).digest("base64"),
        "x-shopify-topic": "customers/data_request",
        "x-shopify-shop-domain": shop,
        "x-shopify-api-version": "2026-10",
        "x-shopify-webhook-id": webhookId,
      },
      body,
    );

    expect(result.refusedNewConnection, started.output()).toBe(true);
    expect(result.status, `${result.text}\n${started.output()}`).toBe(200);
    expect(result.exitedInTime, started.output()).toBe(true);
    expect(result.exitCode, started.output()).toBe(0);
    const db = await createDatabase({ dataDir });
    try {
      expect(await db.prisma.processedEvent.count({ where: { id: `shopify:${webhookId}` } })).toBe(1);
    } finally {
      await db.close();
    }
  }, 300_000);
});
