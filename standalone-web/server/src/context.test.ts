// The start-up warnings say what is true of this configuration.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "@postwright/core/env";
import type { Logger } from "@postwright/core/logger";
import { createTestDatabase, type TestDatabase } from "@postwright/core/testing";
import { createServerContext } from "./context.ts";

let db: TestDatabase;
let dataDir: string;
beforeAll(async () => {
  db = await createTestDatabase();
  dataDir = mkdtempSync(join(tmpdir(), "postwright-context-"));
});
afterAll(async () => {
  await db?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

function warningsAtStart(env: Record<string, string>): string[] {
  const warnings: string[] = [];
  const logger: Logger = {
    debug: () => undefined,
    info: () => undefined,
    warn: (_obj, msg) => void warnings.push(msg ?? ""),
    error: () => undefined,
    child: () => logger,
  };
  createServerContext({ config: loadConfig({ DATA_DIR: dataDir, ...env }), db, logger });
  return warnings;
}

const insecureCodes = /INSECURE_SHOW_VERIFICATION_CODES is set/;

describe("the start-up warning about verification codes", () => {
  it("is not given by a fresh `npm start` (production on this machine only, no mail server, no opt-in)", () => {
    expect(warningsAtStart({ NODE_ENV: "production" }).filter((w) => insecureCodes.test(w))).toEqual([]);
  });

  it("is given when INSECURE_SHOW_VERIFICATION_CODES is set on a production site without a mail server", () => {
    const reachable = { NODE_ENV: "production", HOST: "0.0.0.0", INSECURE_SHOW_VERIFICATION_CODES: "1" };
    expect(warningsAtStart(reachable).filter((w) => insecureCodes.test(w))).toHaveLength(1);
    expect(
      warningsAtStart({ NODE_ENV: "production", INSECURE_SHOW_VERIFICATION_CODES: "1" }).filter((w) =>
        insecureCodes.test(w),
      ),
    ).toHaveLength(1);
  });

  it("is not given when mail is delivered, nor in development", () => {
    const withMail = {
      NODE_ENV: "production",
      HOST: "0.0.0.0",
      SMTP_URL: "smtp://mail.example.com:587",
      INSECURE_SHOW_VERIFICATION_CODES: "1",
    };
    expect(warningsAtStart(withMail).filter((w) => insecureCodes.test(w))).toEqual([]);
    expect(warningsAtStart({ INSECURE_SHOW_VERIFICATION_CODES: "1" }).filter((w) => insecureCodes.test(w))).toEqual([]);
  });
});
