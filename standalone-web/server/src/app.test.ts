import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "./testing/index.ts";

describe("serving the web client", () => {
  let t: TestApp;
  let dir: string;

  beforeAll(async () => {
    // A deployment folder with a dot in its path (~/.local/..., node_modules/.cache/...) must not matter.
    dir = mkdtempSync(join(tmpdir(), "pw-client-"));
    const clientDir = join(dir, ".deploy", "dist");
    mkdirSync(join(clientDir, "assets"), { recursive: true });
    writeFileSync(join(clientDir, "index.html"), "<!doctype html><title>Postwright</title><div id=root></div>");
    writeFileSync(join(clientDir, "assets", "app.js"), "console.log('app')");
    t = await createTestApp({ app: { clientDir } });
  });

  afterAll(async () => {
    await t?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("answers every page path with the client, which renders its own pages (and its 404)", async () => {
    for (const path of ["/", "/pricing", "/subscription/success?session_id=cs_1", "/no/such/page"]) {
      const res = await t.agent().get(path);
      expect(res.status, path).toBe(200);
      expect(res.type).toBe("text/html");
      expect(res.text).toContain("<div id=root>");
    }
  });

  it("serves the client's assets", async () => {
    const res = await t.agent().get("/assets/app.js");
    expect(res.status).toBe(200);
    expect(res.text).toContain("console.log");
  });

  it("answers unknown API paths with a JSON 404, not the client", async () => {
    const res = await t.agent().get("/api/no-such-endpoint");
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: "There is no API endpoint GET /api/no-such-endpoint." });
  });
});

describe("serving the prerendered public pages and the members' pages", () => {
  let t: TestApp;
  let dir: string;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "pw-client-"));
    mkdirSync(join(dir, "pages"));
    writeFileSync(join(dir, "index.html"), "<!doctype html><title>Postwright</title><div id=root></div>");
    writeFileSync(join(dir, "pages", "landing.html"), "<!doctype html><title>Postwright</title><h1>Landing</h1>");
    writeFileSync(join(dir, "pages", "not-found.html"), "<!doctype html><title>Not found</title><h1>Not found</h1>");
    t = await createTestApp({ app: { clientDir: dir } });
  });

  afterAll(async () => {
    await t?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("answers a member's page opened or reloaded by its address with the client, not a 404", async () => {
    const member = "pw.session=1";
    for (const path of ["/account", "/posts", "/posts/7", "/your-posts", "/refreshes/3", "/autopilot/2"]) {
      const res = await t.agent().get(path).set("Cookie", member);
      expect(res.status, path).toBe(200);
      expect(res.text, path).toContain("<div id=root>");
    }
    expect((await t.agent().get("/no/such/page").set("Cookie", member)).status).toBe(404);
    const visitor = await t.agent().get("/no/such/page");
    expect(visitor.status).toBe(404);
    expect(visitor.text).toContain("Not found");
  });
});

describe("security headers in production", () => {
  let t: TestApp;
  let dir: string;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "pw-client-"));
    writeFileSync(join(dir, "index.html"), "<!doctype html><title>Postwright</title><div id=root></div>");
    t = await createTestApp({
      env: { NODE_ENV: "production", APP_URL: "https://postwright.example", SMTP_URL: "smtp://mail.example.com:587" },
      app: { clientDir: dir },
    });
  });

  afterAll(async () => {
    await t?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("pages may run only the site's own scripts, cannot be framed, and are upgraded to HTTPS", async () => {
    const res = await t.agent().get("/pricing");
    const csp = res.headers["content-security-policy"] as string;
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("upgrade-insecure-requests");
    // Images from anywhere over HTTPS (the stores' product images), never over plain http.
    expect(csp).toContain("img-src 'self' data: blob: https:;");
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["strict-transport-security"]).toMatch(/max-age=\d+/);
  });

  it("API answers are never cached, sniffed, framed or rendered as a page", async () => {
    for (const res of [await t.agent().get("/api/health"), await t.agent().get("/api/auth/user")]) {
      expect(res.headers["cache-control"]).toBe("no-store");
      expect(res.headers["content-security-policy"]).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(res.headers["x-content-type-options"]).toBe("nosniff");
      expect(res.headers["x-frame-options"]).toBe("DENY");
      expect(res.headers["strict-transport-security"]).toMatch(/max-age=\d+/);
      expect(res.headers["content-type"]).toMatch(/^application\/json/);
    }
  });
});

describe("a production site that may connect stores on private addresses (ALLOW_PRIVATE_NETWORK_TARGETS)", () => {
  let t: TestApp;
  let dir: string;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "pw-client-"));
    writeFileSync(join(dir, "index.html"), "<!doctype html><title>Postwright</title><div id=root></div>");
    t = await createTestApp({
      env: {
        NODE_ENV: "production",
        APP_URL: "http://127.0.0.1:3000",
        SMTP_URL: "smtp://mail.example.com:587",
        ALLOW_PRIVATE_NETWORK_TARGETS: "1",
      },
      app: { clientDir: dir },
    });
  });

  afterAll(async () => {
    await t?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("lets pages show the product images of a store served over plain http", async () => {
    const csp = (await t.agent().get("/pricing")).headers["content-security-policy"] as string;
    expect(csp).toContain("img-src 'self' data: blob: https: http:;");
    expect(csp).toContain("script-src 'self'");
  });
});
