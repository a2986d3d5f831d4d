import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./env.ts";

const dirs: string[] = [];
const dataDir = () => {
  const dir = mkdtempSync(join(tmpdir(), "postwright-env-"));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe("loadConfig", () => {
  it("sets up Search Console only with both Google client settings, and refuses one without the other", () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).google).toBeUndefined();
    expect(
      loadConfig({
        DATA_DIR: dataDir(),
        GOOGLE_CLIENT_ID: "id.apps.googleusercontent.com",
        GOOGLE_CLIENT_SECRET: "secret",
        GOOGLE_API_BASE: "http://127.0.0.1:9999/",
      }).google,
    ).toEqual({ clientId: "id.apps.googleusercontent.com", clientSecret: "secret", apiBase: "http://127.0.0.1:9999" });
    expect(() => loadConfig({ DATA_DIR: dataDir(), GOOGLE_CLIENT_ID: "id.apps.googleusercontent.com" })).toThrow(
      /both GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET/,
    );
  });

  it("starts with one server process on the embedded database, port 3000", () => {
    const config = loadConfig({ DATA_DIR: dataDir() });
    expect(config).toMatchObject({ port: 3000, databaseUrl: undefined, webConcurrency: 1, schedulerEnabled: true });
  });

  it("keeps the session secret it generated in DATA_DIR, so a restart keeps everyone signed in", () => {
    const dir = dataDir();
    const first = loadConfig({ DATA_DIR: dir });
    expect(readFileSync(join(dir, "session-secret"), "utf8")).toBe(first.sessionSecret);
    expect(loadConfig({ DATA_DIR: dir }).sessionSecret).toBe(first.sessionSecret);
  });

  it("never accepts an empty generated secret: an empty file is written anew with a full key", () => {
    const dir = dataDir();
    writeFileSync(join(dir, "session-secret"), "");
    writeFileSync(join(dir, "encryption-key"), "\n");
    const config = loadConfig({ DATA_DIR: dir });
    expect(config.sessionSecret).toMatch(/^[0-9a-f]{64}$/);
    expect(config.encryptionKey).toHaveLength(32);
    expect(readFileSync(join(dir, "session-secret"), "utf8")).toBe(config.sessionSecret);
    expect(readFileSync(join(dir, "encryption-key"), "utf8")).toBe(config.encryptionKey.toString("hex"));
  });

  it("refuses to start with a damaged generated secret, saying what to do", () => {
    const dir = dataDir();
    writeFileSync(join(dir, "encryption-key"), "abc");
    expect(() => loadConfig({ DATA_DIR: dir })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: dir })).toThrow(/encryption-key does not hold a 32-byte key/);
  });

  it("creates the data folder readable by its owner only", () => {
    const dir = join(dataDir(), "data");
    loadConfig({ DATA_DIR: dir });
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    expect(statSync(join(dir, "session-secret")).mode & 0o777).toBe(0o600);
  });

  it("runs several server processes only on PostgreSQL", () => {
    const dir = dataDir();
    expect(() => loadConfig({ DATA_DIR: dir, WEB_CONCURRENCY: "2" })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: dir, WEB_CONCURRENCY: "2" })).toThrow(
      /WEB_CONCURRENCY above 1 needs DATABASE_URL/,
    );
    const url = "postgresql://postgres@127.0.0.1:5432/postwright";
    expect(loadConfig({ DATA_DIR: dir, DATABASE_URL: url, WEB_CONCURRENCY: "3" }).webConcurrency).toBe(3);
    expect(loadConfig({ DATA_DIR: dir, DATABASE_URL: url, WEB_CONCURRENCY: "auto" }).webConcurrency).toBe(
      availableParallelism(),
    );
    expect(loadConfig({ DATA_DIR: dir, WEB_CONCURRENCY: "1" }).webConcurrency).toBe(1);
  });

  it("names the variable and the problem when a value is wrong", () => {
    const dir = dataDir();
    expect(() => loadConfig({ DATA_DIR: dir, WEB_CONCURRENCY: "many" })).toThrow(/WEB_CONCURRENCY/);
    expect(() => loadConfig({ DATA_DIR: dir, PORT: "http" })).toThrow(/PORT/);
    expect(() => loadConfig({ DATA_DIR: dir, ADMIN_EMAIL: "not-an-email" })).toThrow(/ADMIN_EMAIL/);
  });

  it("refuses to start in production without a mail server where others can reach the site", () => {
    const dir = dataDir();
    const reachable = { DATA_DIR: dir, NODE_ENV: "production", HOST: "0.0.0.0", APP_URL: "https://blog.example.com" };
    expect(() => loadConfig(reachable)).toThrow(/SMTP_URL is required in production/);
    // Addressed as localhost but listening on every interface, or behind a proxy: reachable all the same.
    expect(() => loadConfig({ DATA_DIR: dir, NODE_ENV: "production", HOST: "0.0.0.0" })).toThrow(/SMTP_URL/);
    expect(() => loadConfig({ DATA_DIR: dir, NODE_ENV: "production", TRUST_PROXY: "1" })).toThrow(/SMTP_URL/);
    expect(() => loadConfig({ DATA_DIR: dir, NODE_ENV: "production", APP_URL: "https://blog.example.com" })).toThrow(
      /SMTP_URL/,
    );

    const withMail = loadConfig({ ...reachable, SMTP_URL: "smtp://mail.example.com:587" });
    expect(withMail.mail.showCodesWithoutMail).toBe(false);
    const demo = loadConfig({ ...reachable, INSECURE_SHOW_VERIFICATION_CODES: "1" });
    expect(demo.mail.showCodesWithoutMail).toBe(true);
  });

  it("shows codes without a mail server in development and on a production build only this machine can reach", () => {
    const dir = dataDir();
    expect(loadConfig({ DATA_DIR: dir }).mail.showCodesWithoutMail).toBe(true);
    // A fresh `npm start`: production build on 127.0.0.1, addressed as localhost.
    expect(loadConfig({ DATA_DIR: dir, NODE_ENV: "production" }).mail.showCodesWithoutMail).toBe(true);
    expect(
      loadConfig({ DATA_DIR: dir, NODE_ENV: "production", HOST: "::1", APP_URL: "http://127.0.0.1:3000" }).mail
        .showCodesWithoutMail,
    ).toBe(true);
  });
});
