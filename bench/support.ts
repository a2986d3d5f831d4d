// Helpers shared by the benchmarks: child processes, free ports, readiness, a fresh PostgreSQL database.
import { spawn, type ChildProcess } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { createScratchDatabase as createScratch, type ScratchDatabase } from "../core/src/testing/index.ts";
export { freePort } from "../tests/support/free-port.ts";

export const repoRoot = join(dirname(fileURLToPath(import.meta.url)), "..");

export async function waitForHttp(url: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) throw new Error(`${url} did not come up within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

export function startProcess(args: string[], env: Record<string, string | undefined>): ChildProcess {
  const child = spawn(process.execPath, args, {
    cwd: repoRoot,
    env: { ...process.env, ...env },
    stdio: ["ignore", "ignore", "inherit"],
  });
  return child;
}

export async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  await new Promise<void>((resolve) => {
    child.once("exit", () => resolve());
    child.kill("SIGTERM");
    setTimeout(() => child.kill("SIGKILL"), 10_000).unref();
  });
}

/** The PostgreSQL server benchmarks may use: BENCH_DATABASE_URL, else TEST_DATABASE_URL, else the local default. */
export const postgresServer = (): string =>
  process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || "postgresql://postgres@127.0.0.1:5432/postgres";

export async function createScratchDatabase(): Promise<ScratchDatabase | undefined> {
  const server = postgresServer();
  const probe = new pg.Client({ connectionString: server });
  try {
    await probe.connect();
  } catch {
    return undefined;
  }
  await probe.end();
  return createScratch(server, "postwright_bench");
}

/** The value of `--name value` (or `--name=value`) on the command line, as `npm run bench -- <bench> --name value`. */
export function benchOption(name: string): string | undefined {
  const args = process.argv.slice(2);
  for (let i = 0; i < args.length; i++) {
    if (args[i] === `--${name}`) return args[i + 1];
    if (args[i]!.startsWith(`--${name}=`)) return args[i]!.slice(name.length + 3);
  }
  return undefined;
}

/** A whole-number option (see benchOption), else `fallback`. */
export function benchNumber(name: string, fallback: number): number {
  const value = benchOption(name);
  if (value === undefined) return fallback;
  const n = Number(value.replace(/[_,]/g, ""));
  if (!Number.isInteger(n) || n < 0) throw new Error(`--${name} takes a whole number, not ${value}`);
  return n;
}

export const fmt = (n: number, digits = 0) =>
  n.toLocaleString("en-US", { maximumFractionDigits: digits, minimumFractionDigits: digits });
