// The Shopify app logs like the site: started as production starts it, it writes one JSON line per request (its id,
// method, path without the query, status, time), answers with that id in X-Request-Id, tags its own lines written
// during the request with the same id, and never logs a token or a session, wherever the request carried them.
import { spawn } from "node:child_process";
import { createHmac, randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureAppBuilt } from "../../shopify-app/preview/ensure-build.ts";
import { freePort } from "../support/free-port.ts";

const root = fileURLToPath(new URL("../..", import.meta.url));
const apiSecret = randomBytes(24).toString("hex");
const dataDir = mkdtempSync(path.join(tmpdir(), "postwright-app-log-"));
let output = "";
let baseUrl = "";
let stop: () => void = () => {};

interface LogLine {
  level: number;
  msg: string;
  reqId?: string;
  req?: { id: string; method: string; url: string };
  res?: { statusCode: number };
  responseTime?: number;
  [key: string]: unknown;
}

const logLines = (): LogLine[] =>
  output
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as LogLine);

beforeAll(async () => {
  await ensureAppBuilt();
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    LOG_FORMAT: "json",
    HOST: "127.0.0.1",
    PORT: String(port),
    DATA_DIR: dataDir,
    ENCRYPTION_KEY: randomBytes(32).toString("hex"),
    SHOPIFY_API_KEY: "logging-test",
    SHOPIFY_API_SECRET: apiSecret,
    SHOPIFY_APP_URL: `http://127.0.0.1:${port}`,
  };
  delete env.DATABASE_URL;
  delete env.VITEST;
  const child = spawn(process.execPath, ["--import", "tsx", "shopify-app/server/serve.ts"], { cwd: root, env, stdio: ["ignore", "pipe", "pipe"] });
  stop = () => child.kill("SIGKILL");
  await new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes("Postwright for Shopify is running")) resolve();
    };
    child.stdout.on("data", onData);
    child.stderr.on("data", onData);
    child.once("exit", (code) => reject(new Error(`the app exited (${code}):\n${output}`)));
  });
  baseUrl = `http://127.0.0.1:${port}`;
}, 300_000);

afterAll(() => {
  stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe("the Shopify app's log", () => {
  it("writes one line per request with the id it answers with, and no token or session from the request", async () => {
    const secret = `secret-${randomBytes(8).toString("hex")}`;
    const response = await fetch(`${baseUrl}/app?shop=log-test.myshopify.com&id_token=${secret}&session=${secret}`, {
      headers: { authorization: `Bearer ${secret}`, "x-request-id": "support-ticket-42", cookie: `shopify_app_session=${secret}` },
      redirect: "manual",
    });
    expect(response.headers.get("x-request-id")).toBe("support-ticket-42");
    await expect.poll(() => logLines().find((line) => line.req?.id === "support-ticket-42")).toBeTruthy();
    const line = logLines().find((l) => l.req?.id === "support-ticket-42")!;
    expect(line).toMatchObject({ msg: "request completed", req: { method: "GET", url: "/app" }, res: { statusCode: response.status } });
    expect(typeof line.responseTime).toBe("number");
    expect(output).not.toContain(secret);
  });

  it("gives a request without an id one of its own, and tags the app's own lines with it", async () => {
    const shop = "log-test.myshopify.com";
    const body = JSON.stringify({ shop_domain: shop, customer: { id: 7 } });
    const webhookId = `log-${randomBytes(4).toString("hex")}`;
    const response = await fetch(`${baseUrl}/webhooks/customers/data_request`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "x-shopify-hmac-sha256": createHmac("sha256", apiSecret).update(body).digest("base64"),
        "x-shopify-topic": "customers/data_request",
        "x-shopify-shop-domain": shop,
        "x-shopify-api-version": "2026-10",
        "x-shopify-webhook-id": webhookId,
      },
      body,
    });
    expect(response.status).toBe(200);
    const id = response.headers.get("x-request-id")!;
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    await expect.poll(() => logLines().find((line) => line.req?.id === id)).toBeTruthy();
    expect(logLines().find((line) => line.msg === "webhook received" && line.webhookId === webhookId)).toMatchObject({
      reqId: id,
      shop,
      topic: "CUSTOMERS_DATA_REQUEST",
    });
  });

  it("logs a refused webhook as a warning with its status, and what it carried nowhere", async () => {
    const response = await fetch(`${baseUrl}/webhooks/customers/data_request?token=hidden-value`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-shopify-hmac-sha256": "bm90IHRoZSBobWFj" },
      body: JSON.stringify({ password: "hidden-password" }),
    });
    expect(response.status).toBe(401);
    const id = response.headers.get("x-request-id")!;
    await expect.poll(() => logLines().find((line) => line.req?.id === id)).toMatchObject({
      level: 40,
      req: { url: "/webhooks/customers/data_request" },
      res: { statusCode: 401 },
    });
    expect(output).not.toContain("hidden-value");
    expect(output).not.toContain("hidden-password");
  });
});
