// The public pages as a first-time visitor's browser meets them, on the site as `npm start` runs it (production
// build, embedded database in a fresh data folder):
// 1. Lighthouse (desktop preset) on each public page, next to a minimal static page served by a bare Node server and
//    audited in the same run: performance, SEO, best practices and accessibility scores, console errors, failed
//    requests, and the JavaScript each page ships (gzip). Goals: performance >= 98, the other three 100, no console
//    error. The "Page Not Found" page answers with a 404 and asks not to be indexed, as it should, so Lighthouse's SEO
//    audits of status code and indexability fail there by design.
// 2. Throughput of the landing page's HTML and of its largest asset, next to a bare node:http server sending the same
//    answers (body and headers, security headers included). Goal: at least half its rate.
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import autocannon from "autocannon";
import * as chromeLauncher from "chrome-launcher";
import lighthouse, { type Flags, type Result } from "lighthouse";
import desktopConfig from "lighthouse/core/config/desktop-config.js";
import { fmt, freePort, repoRoot, startProcess, stopProcess, waitForHttp } from "./support.ts";

const chromiumPath = process.env.CHROMIUM_PATH || "/usr/bin/chromium";
const chromiumFlags = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--disable-dev-shm-usage",
];

/** Gzipped JavaScript the landing page shipped before its pages were prerendered and split. */
const JS_BEFORE_KB = 106;

const pages = [
  ["landing", "/"],
  ["pricing", "/pricing"],
  ["contact", "/contact"],
  ["login", "/login"],
  ["register", "/register"],
  ["404", "/no/such/page"],
] as const;

const CATEGORIES = ["performance", "seo", "best-practices", "accessibility"] as const;

/** A minimal page that passes every audit it can: the reference every figure is printed beside. */
const MINIMAL_PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="description" content="A minimal static page, the reference of the landing benchmark." />
    <link rel="icon" href="data:," />
    <title>Minimal page</title>
  </head>
  <body>
    <main><h1>Minimal page</h1><p>Nothing but text.</p></main>
  </body>
</html>
`;

interface Audit {
  scores: Record<(typeof CATEGORIES)[number], number | null>;
  consoleErrors: string[];
  failedRequests: string[];
  scripts: string[];
  failedAudits: string[];
  /** Total blocking time (ms), the metric that moves most with the processor's load. */
  tbt: number;
}

function auditOf(lhr: Result): Audit {
  const scores = Object.fromEntries(
    CATEGORIES.map((id) => [id, lhr.categories[id]?.score == null ? null : Math.round(lhr.categories[id].score * 100)]),
  ) as Audit["scores"];
  const items = (id: string) =>
    ((lhr.audits[id]?.details as { items?: unknown[] } | undefined)?.items ?? []) as Array<Record<string, unknown>>;
  const requests = items("network-requests");
  const failedAudits = CATEGORIES.filter((id) => id !== "performance").flatMap((id) =>
    (lhr.categories[id]?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
      .map((ref) => `${id}: ${ref.id}`),
  );
  return {
    scores,
    consoleErrors: items("errors-in-console").map((e) => `${String(e.source)}: ${String(e.description)}`),
    failedRequests: requests
      .filter((r) => r.finished === false || Number(r.statusCode) >= 400)
      .map((r) => `${String(r.statusCode)} ${String(r.url)}`),
    scripts: requests.filter((r) => r.resourceType === "Script").map((r) => String(r.url)),
    failedAudits,
    tbt: Math.round(lhr.audits["total-blocking-time"]?.numericValue ?? 0),
  };
}

/** The bytes of a response as sent (no decompression), with its status and headers. */
function fetchRaw(url: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: Record<string, string>; body: Buffer }>((resolve, reject) => {
    request(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () =>
        resolve({
          status: res.statusCode ?? 0,
          headers: Object.fromEntries(Object.entries(res.headers).map(([k, v]) => [k, String(v)])),
          body: Buffer.concat(chunks),
        }),
      );
      res.on("error", reject);
    })
      .on("error", reject)
      .end();
  });
}

/** Gzipped size of a script as the site sends it to a browser that only takes gzip. */
async function gzipBytes(url: string): Promise<number> {
  const res = await fetchRaw(url, { "Accept-Encoding": "gzip" });
  return res.headers["content-encoding"] === "gzip" ? res.body.length : gzipSync(res.body, { level: 9 }).length;
}

const kb = (bytes: number) => `${fmt(bytes / 1024, 1)} KB`;
const score = (value: number | null) => (value === null ? "n/a" : String(value));

/** Lighthouse runs per page (LANDING_RUNS, default 1); the run with the median performance score is kept. */
const RUNS = Math.max(1, Number(process.env.LANDING_RUNS) || 1);

async function medianAudit(url: string, port: number): Promise<Audit> {
  const audits: Audit[] = [];
  for (let i = 0; i < RUNS; i++) audits.push(await runLighthouse(url, port));
  audits.sort((a, b) => (a.scores.performance ?? 0) - (b.scores.performance ?? 0));
  return audits[Math.floor(audits.length / 2)]!;
}

async function runLighthouse(url: string, port: number): Promise<Audit> {
  const flags: Flags = {
    port,
    output: "json",
    logLevel: "error",
    onlyCategories: [...CATEGORIES],
    // The "Page Not Found" page is audited too, with its 404.
    ignoreStatusCode: true,
  };
  // A busy machine sometimes loses the trace of a load (NO_NAVSTART); such a run is tried again, twice at most.
  for (let attempt = 1; ; attempt++) {
    const result = await lighthouse(url, flags, desktopConfig);
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const failure = result.lhr.runtimeError;
    if (!failure) return auditOf(result.lhr);
    if (attempt === 3) throw new Error(`Lighthouse failed on ${url}: ${failure.message}`);
  }
}

async function lighthouseTable(site: string, minimalUrl: string, work: string): Promise<void> {
  const userDataDir = await mkdtemp(join(work, "chromium-"));
  const chrome = await chromeLauncher.launch({ chromePath: chromiumPath, chromeFlags: chromiumFlags, userDataDir });
  try {
    // A first run in a fresh browser pays for its start-up; it is not counted.
    await runLighthouse(minimalUrl, chrome.port);
    console.log(
      `Lighthouse, desktop preset (scores out of 100; ${RUNS === 1 ? "one run" : `median of ${RUNS} runs`} per page)`,
    );
    const header = `${"page".padEnd(10)} ${"perf".padStart(4)} ${"seo".padStart(4)} ${"b.p.".padStart(4)} ${"a11y".padStart(4)} ${"TBT".padStart(8)}  ${"JS (gzip)".padStart(10)}  console errors / failed requests`;
    console.log(header);
    const row = (name: string, audit: Audit, js: string) => {
      const s = audit.scores;
      const problems = [...audit.consoleErrors, ...audit.failedRequests];
      console.log(
        `${name.padEnd(10)} ${score(s.performance).padStart(4)} ${score(s.seo).padStart(4)} ${score(s["best-practices"]).padStart(4)} ${score(s.accessibility).padStart(4)} ${`${audit.tbt} ms`.padStart(8)}  ${js.padStart(10)}  ${problems.length ? problems.join("; ") : "none"}`,
      );
      for (const failed of audit.failedAudits) console.log(`${"".padEnd(10)} failed audit ${failed}`);
    };
    row("minimal", await medianAudit(minimalUrl, chrome.port), "0 KB");
    for (const [name, path] of pages) {
      const audit = await medianAudit(`${site}${path}`, chrome.port);
      const js = (await Promise.all([...new Set(audit.scripts)].map(gzipBytes))).reduce((a, b) => a + b, 0);
      row(name, audit, kb(js));
    }
    console.log(`JavaScript shipped before (landing page, gzip): ${JS_BEFORE_KB} KB`);
  } finally {
    chrome.kill();
    await rm(userDataDir, { recursive: true, force: true }).catch(() => undefined);
  }
}

const CONNECTIONS = 64;
const DURATION_S = 5;
const ROUNDS = 3;

async function rate(url: string): Promise<{ rps: number; errors: number }> {
  const headers = { "accept-encoding": "br, gzip" };
  await autocannon({ url, connections: CONNECTIONS, duration: 2, headers });
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S, headers });
  return { rps: result.requests.average, errors: result.errors + result.non2xx };
}

/** The landing page's HTML and its largest script or stylesheet, from the site and from a bare server in turn. */
async function throughput(site: string, work: string): Promise<void> {
  const html = await fetchRaw(`${site}/`, { "Accept-Encoding": "br, gzip" });
  const assets = [...html.body.toString("latin1").matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((m) => m[1]!);
  // The HTML may itself be compressed: read the asset list from the plain form.
  const plain = await (await fetch(`${site}/`)).text();
  assets.push(...[...plain.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((m) => m[1]!));
  const sized = await Promise.all(
    [...new Set(assets)].map(async (path) => ({
      path,
      res: await fetchRaw(`${site}${path}`, { "Accept-Encoding": "br, gzip" }),
    })),
  );
  const largest = sized.sort((a, b) => b.res.body.length - a.res.body.length)[0];
  if (!largest) throw new Error("the landing page links no asset");
  const served = [
    { label: "landing page HTML", path: "/", res: html },
    { label: `largest asset (${largest.path})`, path: largest.path, res: largest.res },
  ];
  const manifest = await Promise.all(
    served.map(async ({ path, res }, i) => {
      const file = join(work, `body-${i}`);
      await writeFile(file, res.body);
      // The same answer: the body and every header but those Node's http server writes itself.
      const own = new Set(["date", "connection", "keep-alive", "content-length", "transfer-encoding"]);
      const headers = Object.fromEntries(Object.entries(res.headers).filter(([name]) => !own.has(name)));
      return { path, file, headers };
    }),
  );
  const manifestFile = join(work, "manifest.json");
  await writeFile(manifestFile, JSON.stringify(manifest));
  const port = await freePort();
  const bare = startProcess([join(repoRoot, "bench/baseline-static.mjs"), String(port), manifestFile], {});
  try {
    const bareBase = `http://127.0.0.1:${port}`;
    await waitForHttp(`${bareBase}/`);
    console.log(
      `\nThroughput, ${CONNECTIONS} connections, ${DURATION_S} s each, Accept-Encoding: br, gzip; the bare server and ` +
        `the site measured in turn, ${ROUNDS} rounds, median ratio (the shared machine moves single figures a lot)`,
    );
    for (const { label, path, res } of served) {
      const encoding = res.headers["content-encoding"] ?? "identity";
      console.log(`${label}: ${fmt(res.body.length)} bytes (${encoding})`);
      const ratios: number[] = [];
      for (let round = 1; round <= ROUNDS; round++) {
        const b = await rate(`${bareBase}${path}`);
        const s = await rate(`${site}${path}`);
        const errors = b.errors || s.errors ? `   errors ${b.errors} / ${s.errors}` : "";
        ratios.push(s.rps / b.rps);
        console.log(
          `  bare node:http ${fmt(b.rps).padStart(8)} req/s   Postwright ${fmt(s.rps).padStart(8)} req/s   ratio ${fmt(s.rps / b.rps, 2)}${errors}`,
        );
      }
      const ratio = [...ratios].sort((x, y) => x - y)[Math.floor(ratios.length / 2)]!;
      console.log(`  median ratio ${fmt(ratio, 2)} (goal >= 0.50: ${ratio >= 0.5 ? "met" : "not met"})`);
    }
  } finally {
    await stopProcess(bare);
  }
}

export default async function bench(): Promise<void> {
  const work = await mkdtemp(join(tmpdir(), "pw-bench-landing-"));
  const sitePort = await freePort();
  const site = `http://127.0.0.1:${sitePort}`;
  // `npm start`: builds the client when it is missing or stale, then runs the production server.
  const server = startProcess([join(repoRoot, "scripts/start.mjs")], {
    PORT: String(sitePort),
    HOST: "127.0.0.1",
    APP_URL: site,
    DATA_DIR: join(work, "data"),
    DATABASE_URL: "",
    SCHEDULER_ENABLED: "0",
    SMTP_URL: "",
    LOG_LEVEL: "warn",
  });
  const minimalPort = await freePort();
  const minimalFile = join(work, "minimal.json");
  await writeFile(join(work, "minimal.html"), MINIMAL_PAGE);
  await writeFile(
    minimalFile,
    JSON.stringify([
      { path: "/", file: join(work, "minimal.html"), headers: { "content-type": "text/html; charset=utf-8" } },
    ]),
  );
  const minimal = startProcess([join(repoRoot, "bench/baseline-static.mjs"), String(minimalPort), minimalFile], {});
  try {
    await waitForHttp(`${site}/api/health`, 300_000);
    await waitForHttp(`http://127.0.0.1:${minimalPort}/`);
    // LANDING_PART=lighthouse or throughput runs one half only.
    const part = process.env.LANDING_PART;
    if (part !== "throughput") await lighthouseTable(site, `http://127.0.0.1:${minimalPort}/`, work);
    if (part !== "lighthouse") await throughput(site, work);
  } finally {
    await stopProcess(minimal);
    await stopProcess(server);
    await rm(work, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await bench();
