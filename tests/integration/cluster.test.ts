// Several server processes on one port (WEB_CONCURRENCY), as `npm start` runs them on PostgreSQL: both serve, a process
// that dies is replaced while the site stays up, and a stop signal ends them all. PostgreSQL only (the embedded
// database belongs to one process), so this runs in the PostgreSQL pass of the tests.
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestDatabase, testDatabaseServer, type TestDatabase } from "@postwright/core/testing";
import { freePort } from "../support/free-port.ts";

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), "../..");

interface LogLine {
  msg?: string;
  pid?: number;
}

describe("WEB_CONCURRENCY on the embedded database", () => {
  it("refuses to start, saying what is needed", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "postwright-cluster-"));
    try {
      const child = spawn(process.execPath, ["--import", "tsx", join(repoRoot, "standalone-web/server/src/main.ts")], {
        cwd: repoRoot,
        env: {
          ...process.env,
          DATABASE_URL: "",
          DATA_DIR: dataDir,
          WEB_CONCURRENCY: "2",
          PORT: String(await freePort()),
        },
        stdio: ["ignore", "ignore", "pipe"],
      });
      let stderr = "";
      child.stderr!.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
      const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
      expect(code).toBe(1);
      expect(stderr).toContain("WEB_CONCURRENCY above 1 needs DATABASE_URL");
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

if (testDatabaseServer()) {
  describe("WEB_CONCURRENCY=2 on PostgreSQL", () => {
    let db: TestDatabase;
    let child: ChildProcess;
    let dataDir: string;
    let base: string;
    const lines: LogLine[] = [];
    const servingPids = () => lines.filter((l) => l.msg === "Postwright is running").map((l) => l.pid!);

    beforeAll(async () => {
      db = await createTestDatabase();
      dataDir = mkdtempSync(join(tmpdir(), "postwright-cluster-"));
      const port = await freePort();
      base = `http://127.0.0.1:${port}`;
      child = spawn(process.execPath, ["--import", "tsx", join(repoRoot, "standalone-web/server/src/main.ts")], {
        cwd: repoRoot,
        env: {
          ...process.env,
          NODE_ENV: "production",
          PORT: String(port),
          HOST: "127.0.0.1",
          DATABASE_URL: db.url,
          DATA_DIR: dataDir,
          WEB_CONCURRENCY: "2",
          SCHEDULER_ENABLED: "0",
          SMTP_URL: "",
          LOG_LEVEL: "info",
        },
        stdio: ["ignore", "pipe", "inherit"],
      });
      let pending = "";
      child.stdout!.on("data", (chunk: Buffer) => {
        pending += chunk.toString();
        const complete = pending.split("\n");
        pending = complete.pop() ?? "";
        for (const line of complete) if (line.startsWith("{")) lines.push(JSON.parse(line) as LogLine);
      });
      await vi.waitFor(() => expect(new Set(servingPids()).size).toBe(2), { timeout: 60_000, interval: 200 });
    }, 90_000);

    afterAll(async () => {
      if (child && child.exitCode === null) child.kill("SIGKILL");
      await db?.close();
      rmSync(dataDir, { recursive: true, force: true });
    });

    async function signUp(): Promise<string> {
      const json = { "Content-Type": "application/json" };
      const email = `cluster-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`;
      const reg = await fetch(`${base}/api/auth/register`, {
        method: "POST",
        headers: json,
        body: JSON.stringify({ firstName: "Clu", lastName: "Ster", email, password: "Cluster!1" }),
      });
      const { developmentCode } = (await reg.json()) as { developmentCode: string };
      const verified = await fetch(`${base}/api/auth/verify-email`, {
        method: "POST",
        headers: json,
        body: JSON.stringify({ email, code: developmentCode }),
      });
      expect(verified.status).toBe(200);
      return verified.headers.get("set-cookie")!.split(";")[0]!;
    }

    it("serves from two processes, signed in on either", async () => {
      const cookie = await signUp();
      // New connections go to the processes in turn: a signed-in user is known to each.
      for (let i = 0; i < 6; i++) {
        const res = await fetch(`${base}/api/auth/user`, { headers: { cookie, connection: "close" } });
        expect(res.status).toBe(200);
      }
      const out = await fetch(`${base}/api/auth/logout`, {
        method: "POST",
        headers: { cookie, origin: base, connection: "close" },
      });
      expect(out.status).toBe(200);
      for (let i = 0; i < 4; i++) {
        await vi.waitFor(async () => {
          const res = await fetch(`${base}/api/auth/user`, { headers: { cookie, connection: "close" } });
          expect(res.status).toBe(401);
        });
      }
    });

    it("replaces a process that dies, and keeps serving meanwhile", async () => {
      const [victim] = servingPids();
      process.kill(victim!, "SIGKILL");
      const cookie = await signUp();
      expect((await fetch(`${base}/api/auth/user`, { headers: { cookie, connection: "close" } })).status).toBe(200);
      await vi.waitFor(() => expect(servingPids().length).toBe(3), { timeout: 30_000, interval: 200 });
      expect(servingPids()[2]).not.toBe(victim);
    });

    it("stops every process on SIGTERM", async () => {
      const pids = servingPids().slice(1);
      const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
      child.kill("SIGTERM");
      expect(await exited).toBe(0);
      for (const pid of pids) expect(() => process.kill(pid, 0)).toThrow();
    });
  });
}
