import { mkdtempSync, rmSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { envSchema, loadConfig } from "../../core/src/env.ts";

const root = join(dirname(fileURLToPath(import.meta.url)), "../..");

interface ComposeService {
  image?: string;
  build?: unknown;
  environment?: Record<string, string>;
  volumes?: string[];
  depends_on?: Record<string, { condition: string }>;
  healthcheck?: { test: string[] };
}

describe("docker-compose.yml", async () => {
  const compose = parse(await readFile(join(root, "docker-compose.yml"), "utf8")) as {
    services: Record<string, ComposeService>;
    volumes: Record<string, unknown>;
  };
  const app = compose.services.app;
  const db = compose.services.db;

  it("runs the site on PostgreSQL with persistent volumes for both", () => {
    expect(app?.build).toBeDefined();
    expect(db?.image).toMatch(/^postgres:/);
    expect(app?.environment?.DATABASE_URL).toMatch(/^postgresql:\/\/.+@db:5432\//);
    expect(app?.depends_on?.db?.condition).toBe("service_healthy");
    expect(db?.volumes?.some((v) => v.endsWith(":/var/lib/postgresql/data"))).toBe(true);
    expect(app?.volumes?.some((v) => v.endsWith(`:${app.environment?.DATA_DIR}`))).toBe(true);
    for (const volume of [...(app?.volumes ?? []), ...(db?.volumes ?? [])]) {
      expect(Object.keys(compose.volumes)).toContain(volume.split(":")[0]);
    }
  });

  it("checks the health of both services", () => {
    expect(db?.healthcheck?.test.join(" ")).toContain("pg_isready");
    expect(app?.healthcheck?.test.join(" ")).toContain("/api/health");
  });

  it("passes only variables the site's configuration knows, and the configuration accepts them", () => {
    const known = Object.keys(envSchema.shape);
    const names = Object.keys(app?.environment ?? {});
    expect(names.filter((name) => !known.includes(name))).toEqual([]);
    const sample = Object.fromEntries(
      Object.entries(app?.environment ?? {}).map(([k, v]) => [k, v.replace(/\$\{[A-Z_]+:-([^}]*)\}/g, "$1")]),
    );
    expect(envSchema.safeParse(sample).success).toBe(true);
  });

  it("cannot start without a mail server, so no verification code is ever shown to a stranger", () => {
    expect(app?.environment?.SMTP_URL).toMatch(/^\$\{SMTP_URL:\?.+\}$/);
    expect(app?.environment?.INSECURE_SHOW_VERIFICATION_CODES).toBeUndefined();
    const dataDir = mkdtempSync(join(tmpdir(), "postwright-compose-"));
    try {
      // The variables as compose fills them from an .env that sets nothing.
      const asWritten = Object.fromEntries(
        Object.entries(app?.environment ?? {}).map(([k, v]) => [k, v.replace(/\$\{[A-Z_]+:-([^}]*)\}/g, "$1").replace(/\$\{[A-Z_]+:\?[^}]*\}/g, "")]),
      );
      asWritten.DATA_DIR = dataDir;
      expect(() => loadConfig(asWritten)).toThrow(/SMTP_URL is required in production/);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it("is documented: every configuration variable appears in the README", async () => {
    const readme = await readFile(join(root, "README.md"), "utf8");
    const undocumented = Object.keys(envSchema.shape).filter((name) => !readme.includes(`\`${name}\``));
    expect(undocumented).toEqual([]);
  });
});
