// GET /api/auth/user for a signed-in user under 64 concurrent connections, on the embedded database and on
// PostgreSQL, next to a bare Node http server answering a fixed JSON document in the same run. The site runs as
// deployed, with its rate limits counted in the shared database (http/rate-limit.ts) in place: each site is checked
// to answer a limited route with its limit's headers before it is measured.
// Goal: at least a third of the bare server's throughput on PostgreSQL, as deployed (one process per processor, which
// the one-process figure is printed beside). Express with no middleware, served the usual way (app.listen), is
// measured too: Postwright's server avoids the per-request prototype swap that bounds it (http/create-http-server.ts).
import { mkdtemp, rm } from "node:fs/promises";
import { availableParallelism, tmpdir } from "node:os";
import { join } from "node:path";
import autocannon from "autocannon";
import { createScratchDatabase, fmt, freePort, repoRoot, startProcess, stopProcess, waitForHttp } from "./support.ts";

const CONNECTIONS = 64;
const DURATION_S = 10;

interface Measure {
  rps: number;
  p99: number;
  errors: number;
}

async function load(url: string, headers: Record<string, string> = {}): Promise<Measure> {
  // A short warm-up first (JIT, connection pools), then the measured run.
  await autocannon({ url, connections: CONNECTIONS, duration: 2, headers });
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S, headers });
  return { rps: result.requests.average, p99: result.latency.p99, errors: result.errors + result.non2xx };
}

async function signIn(base: string): Promise<string> {
  const email = `bench-${Date.now()}@example.com`;
  const password = "Bench!Pass1";
  const json = { "Content-Type": "application/json" };
  const reg = await fetch(`${base}/api/auth/register`, {
    method: "POST",
    headers: json,
    body: JSON.stringify({ firstName: "Bench", lastName: "User", email, password }),
  });
  const { developmentCode } = (await reg.json()) as { developmentCode?: string };
  if (!developmentCode) throw new Error(`registration did not return a development code (${reg.status})`);
  const verify = await fetch(`${base}/api/auth/verify-email`, {
    method: "POST",
    headers: json,
    body: JSON.stringify({ email, code: developmentCode }),
  });
  const cookie = verify.headers.get("set-cookie")?.split(";")[0];
  if (!verify.ok || !cookie) throw new Error(`verification failed (${verify.status})`);
  return cookie;
}

/** Proof that the shared limits are on: a failed sign-in is counted, and the answer says against which limit. */
async function checkSharedLimits(base: string): Promise<string> {
  const res = await fetch(`${base}/api/auth/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email: `nobody-${Date.now()}@example.com`, password: "not-the-password" }),
  });
  const policy = res.headers.get("ratelimit-policy");
  if (!policy) throw new Error(`POST /api/auth/login answered ${res.status} without a RateLimit-Policy header`);
  return `POST /api/auth/login: ${res.status}, RateLimit-Policy ${policy}, RateLimit ${res.headers.get("ratelimit") ?? "?"}`;
}

interface Running {
  url: string;
  headers: Record<string, string>;
  stop(): Promise<void>;
}

async function startBare(processes = 1): Promise<Running> {
  const port = await freePort();
  const child = startProcess([join(repoRoot, "bench/baseline-server.mjs"), String(port), String(processes)], {});
  const url = `http://127.0.0.1:${port}/`;
  await waitForHttp(url);
  return { url, headers: {}, stop: () => stopProcess(child) };
}

async function startExpress(): Promise<Running> {
  const port = await freePort();
  const child = startProcess([join(repoRoot, "bench/baseline-express.mjs"), String(port)], {});
  const url = `http://127.0.0.1:${port}/`;
  await waitForHttp(url);
  return { url, headers: {}, stop: () => stopProcess(child) };
}

/** The site as `npm start` runs it, with a signed-in user's cookie for the measured request. */
async function startSite(env: Record<string, string | undefined>): Promise<Running> {
  const port = await freePort();
  const child = startProcess(["--import", "tsx", join(repoRoot, "standalone-web/server/src/main.ts")], {
    NODE_ENV: "production",
    PORT: String(port),
    HOST: "127.0.0.1",
    LOG_LEVEL: "info",
    SCHEDULER_ENABLED: "0",
    SMTP_URL: "",
    ...env,
  });
  const base = `http://127.0.0.1:${port}`;
  try {
    // A fresh embedded database takes a while to create, longer on a busy machine.
    await waitForHttp(`${base}/api/health`, 240_000);
    const cookie = await signIn(base);
    console.log(`  shared rate limits in place (${await checkSharedLimits(base)})`);
    return { url: `${base}/api/auth/user`, headers: { cookie }, stop: () => stopProcess(child) };
  } catch (error) {
    await stopProcess(child);
    throw error;
  }
}

async function measure(label: string, server: Running, bare?: Measure, note = ""): Promise<Measure> {
  const m = await load(server.url, server.headers);
  const ratio = bare ? `   ratio ${fmt(m.rps / bare.rps, 2)}${note}` : "";
  const errors = m.errors ? `   errors ${m.errors}` : "";
  console.log(
    `${label.padEnd(42)} ${fmt(m.rps).padStart(8)} req/s   p99 ${fmt(m.p99).padStart(4)} ms${errors}${ratio}`,
  );
  return m;
}

async function using<T>(start: Promise<Running>, fn: (server: Running) => Promise<T>): Promise<T> {
  const server = await start;
  try {
    return await fn(server);
  } finally {
    await server.stop();
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** Rounds of the PostgreSQL comparison: each measures the bare server and the site back to back. */
const ROUNDS = 3;

export default async function bench(): Promise<void> {
  const processes = availableParallelism();
  console.log(`GET /api/auth/user, signed in, ${CONNECTIONS} connections, ${DURATION_S} s each`);

  // References, once.
  const bare = await using(startBare(), (s) => measure("baseline: bare node:http, fixed JSON", s));
  await using(startBare(processes), (s) => measure(`reference: bare node:http, ${processes} processes`, s, bare));
  await using(startExpress(), (s) => measure("reference: Express, no middleware", s, bare));
  const dataDir = await mkdtemp(join(tmpdir(), "pw-bench-"));
  try {
    await using(startSite({ DATA_DIR: dataDir, DATABASE_URL: "" }), (s) =>
      measure("Postwright on PGlite (embedded)", s, bare),
    );
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }

  const scratch = await createScratchDatabase();
  if (!scratch) {
    console.log("PostgreSQL: no server reachable (set BENCH_DATABASE_URL); not measured");
    return;
  }
  // On PostgreSQL, the goal: the bare server and the site measured in turn, several rounds, since a shared machine
  // moves every figure by a tenth or more from one run to the next; the median ratio is the result.
  const dataDir2 = await mkdtemp(join(tmpdir(), "pw-bench-"));
  const servers: Running[] = [];
  try {
    const baseline = await startBare();
    servers.push(baseline);
    const single = await startSite({ DATA_DIR: dataDir2, DATABASE_URL: scratch.url });
    servers.push(single);
    const several = await startSite({
      DATA_DIR: dataDir2,
      DATABASE_URL: scratch.url,
      WEB_CONCURRENCY: String(processes),
    });
    servers.push(several);
    const singleRatios: number[] = [];
    const severalRatios: number[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      console.log(`PostgreSQL, round ${round} of ${ROUNDS}`);
      const b = await measure("  baseline: bare node:http", baseline);
      singleRatios.push((await measure("  Postwright, one process", single, b)).rps / b.rps);
      severalRatios.push((await measure(`  Postwright, WEB_CONCURRENCY=${processes}`, several, b)).rps / b.rps);
    }
    const goal = median(severalRatios);
    console.log(`median ratio, one process: ${fmt(median(singleRatios), 2)}`);
    console.log(
      `median ratio, one process per processor (as deployed): ${fmt(goal, 2)} (goal >= 0.33: ${goal >= 1 / 3 ? "met" : "not met"})`,
    );
  } finally {
    for (const server of servers.reverse()) await server.stop();
    await scratch.drop();
    await rm(dataDir2, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await bench();
