// The site's log: readable lines at a terminal, JSON lines in production and whenever the output is piped, LOG_FORMAT
// deciding when set (`npm start` sets it to "pretty" at a terminal unless the shell asked for production).
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { freePort } from "../support/free-port.ts";

const root = fileURLToPath(new URL("../..", import.meta.url));
const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** Starts the site and returns what it printed up to "Postwright is running", then stops it. */
async function firstLines(env: Record<string, string>, options: { terminal?: boolean } = {}): Promise<string> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "postwright-log-"));
  dirs.push(dataDir);
  const childEnv: NodeJS.ProcessEnv = {
    ...process.env,
    HOST: "127.0.0.1",
    PORT: String(await freePort()),
    DATA_DIR: dataDir,
    ...env,
  };
  delete childEnv.DATABASE_URL;
  if (!env.LOG_FORMAT) delete childEnv.LOG_FORMAT;
  const command = [process.execPath, "--import", "tsx", "standalone-web/server/src/main.ts"];
  // `script` runs the server on a pseudo-terminal, as a shell at a terminal would.
  const child = options.terminal
    ? spawn("script", ["-qec", command.map((part) => `'${part}'`).join(" "), "/dev/null"], {
        cwd: root,
        env: childEnv,
        detached: true,
      })
    : spawn(command[0]!, command.slice(1), { cwd: root, env: childEnv });
  let output = "";
  try {
    await new Promise<void>((resolve, reject) => {
      child.stdout!.on("data", (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes("Postwright is running")) resolve();
      });
      child.once("exit", (code) => reject(new Error(`The site exited (code ${code}):\n${output}`)));
    });
  } finally {
    const exited = new Promise((resolve) => child.once("exit", resolve));
    if (options.terminal) process.kill(-child.pid!, "SIGTERM");
    else child.kill("SIGTERM");
    await exited;
  }
  return output;
}

const runningLine = (output: string) =>
  output.split(/\r?\n/).find((line) => line.includes("Postwright is running")) ?? "";

describe("the log's format", () => {
  it("is readable lines at a terminal", async () => {
    const line = runningLine(await firstLines({ NODE_ENV: "development" }, { terminal: true }));
    expect(line).toMatch(/INFO.*Postwright is running/);
    expect(line.trim().startsWith("{")).toBe(false);
  }, 120_000);

  it("is one JSON object a line when the output is piped", async () => {
    const line = runningLine(await firstLines({ NODE_ENV: "development" }));
    expect(JSON.parse(line)).toMatchObject({ level: 30, msg: "Postwright is running" });
  }, 120_000);

  it("follows LOG_FORMAT, which npm start sets to pretty at a terminal, even in production", async () => {
    const line = runningLine(await firstLines({ NODE_ENV: "production", LOG_FORMAT: "pretty" }));
    expect(line).toMatch(/INFO.*Postwright is running/);
    expect(line.trim().startsWith("{")).toBe(false);
  }, 120_000);
});
