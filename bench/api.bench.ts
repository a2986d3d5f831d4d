// GET /api/auth/user for a signed-in user under 64 concurrent connections, on the embedded database and on
// PostgreSQL, next to a bare Node http server answering a fixed JSON document in the same run.
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

async function measureSite(label: string, env: Record<string, string | undefined>): Promise<Measure> {
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
  try {
    const base = `http://127.0.0.1:${port}`;
    await waitForHttp(`${base}/api/health`);
    const cookie = await signIn(base);
    const m = await load(`${base}/api/auth/user`, { cookie });
    console.log(
      `${label.padEnd(40)} ${fmt(m.rps).padStart(8)} req/s   p99 ${fmt(m.p99).padStart(4)} ms   errors ${m.errors}`,
    );
    return m;
  } finally {
    await stopProcess(child);
  }
}

export default async function bench(): Promise<void> {
  console.log(`GET /api/auth/user, signed in, ${CONNECTIONS} connections, ${DURATION_S} s each`);
  const basePort = await freePort();
  const baseline = startProcess([join(repoRoot, "bench/baseline-server.mjs"), String(basePort)], {});
  let bare: Measure;
  try {
    await waitForHttp(`http://127.0.0.1:${basePort}/`);
    bare = await load(`http://127.0.0.1:${basePort}/`);
    console.log(
      `${"baseline: bare node:http, fixed JSON".padEnd(40)} ${fmt(bare.rps).padStart(8)} req/s   p99 ${fmt(bare.p99).padStart(4)} ms`,
    );
  } finally {
    await stopProcess(baseline);
  }

  const clusterPort = await freePort();
  const bareCluster = startProcess(
    [join(repoRoot, "bench/baseline-server.mjs"), String(clusterPort), String(availableParallelism())],
    {},
  );
  try {
    await waitForHttp(`http://127.0.0.1:${clusterPort}/`);
    const m = await load(`http://127.0.0.1:${clusterPort}/`);
    const label = `reference: bare node:http, ${availableParallelism()} processes`;
    console.log(`${label.padEnd(40)} ${fmt(m.rps).padStart(8)} req/s   p99 ${fmt(m.p99).padStart(4)} ms`);
  } finally {
    await stopProcess(bareCluster);
  }

  const expressPort = await freePort();
  const expressOnly = startProcess([join(repoRoot, "bench/baseline-express.mjs"), String(expressPort)], {});
  try {
    await waitForHttp(`http://127.0.0.1:${expressPort}/`);
    const m = await load(`http://127.0.0.1:${expressPort}/`);
    console.log(
      `${"reference: Express, no middleware".padEnd(40)} ${fmt(m.rps).padStart(8)} req/s   p99 ${fmt(m.p99).padStart(4)} ms`,
    );
    console.log(`  ratio to baseline: ${fmt(m.rps / bare.rps, 2)}`);
  } finally {
    await stopProcess(expressOnly);
  }

  const dataDir = await mkdtemp(join(tmpdir(), "pw-bench-"));
  try {
    const embedded = await measureSite("Postwright on PGlite (embedded)", { DATA_DIR: dataDir, DATABASE_URL: "" });
    console.log(`  ratio to baseline: ${fmt(embedded.rps / bare.rps, 2)}`);
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }

  const scratch = await createScratchDatabase();
  if (!scratch) {
    console.log("PostgreSQL: no server reachable (set BENCH_DATABASE_URL); not measured");
    return;
  }
  const dataDir2 = await mkdtemp(join(tmpdir(), "pw-bench-"));
  const processes = availableParallelism();
  try {
    const single = await measureSite("Postwright on PostgreSQL", { DATA_DIR: dataDir2, DATABASE_URL: scratch.url });
    const ratio1 = single.rps / bare.rps;
    console.log(`  ratio to baseline: ${fmt(ratio1, 2)} (one process)`);
    const several = await measureSite(`  ... with WEB_CONCURRENCY=${processes}`, {
      DATA_DIR: dataDir2,
      DATABASE_URL: scratch.url,
      WEB_CONCURRENCY: String(processes),
    });
    const ratio = several.rps / bare.rps;
    console.log(
      `  ratio to baseline: ${fmt(ratio, 2)} (one process per processor, as deployed; goal >= 0.33: ${ratio >= 1 / 3 ? "met" : "not met"})`,
    );
  } finally {
    await scratch.drop();
    await rm(dataDir2, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await bench();
