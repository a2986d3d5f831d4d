// The embedded app's pages as Built for Shopify measures them in admin: Largest Contentful Paint (goal <= 2.5 s),
// Cumulative Layout Shift (<= 0.1) and Interaction to Next Paint (<= 200 ms), read with Chromium's own
// PerformanceObserver entries, for the home, write and post pages (the post page with its rich-text editor) of the
// production build (served by the local preview
// against the fake store, App Bridge answered locally), next to a minimal static page measured in the same run.
// Then the JavaScript each route ships (gzip), from the build's route manifest.
import { readFile, readdir } from "node:fs/promises";
import { createServer } from "node:http";
import path from "node:path";
import { gzipSync } from "node:zlib";
import type { Browser, Page } from "playwright-core";
import { startPreview } from "../shopify-app/preview/start-preview.ts";
import { buildDir } from "../shopify-app/preview/ensure-build.ts";
import { desktopChromeUserAgent, launchBrowser, newBrowserContext } from "../tests/e2e/support/browser.ts";
import { fmt, freePort } from "./support.ts";

const RUNS = 5;
const GOALS = { lcp: 2500, cls: 0.1, inp: 200 };

interface Vitals {
  lcp: number;
  cls: number;
  inp: number;
}

// Collects the entries from the start of the page's life (buffered), as web-vitals does; runs in the page.
const observeVitals = `
  window.__vitals = { lcp: 0, cls: 0, inp: 0 };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.__vitals.lcp = entry.startTime;
  }).observe({ type: "largest-contentful-paint", buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (!entry.hadRecentInput) window.__vitals.cls += entry.value;
  }).observe({ type: "layout-shift", buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      if (entry.interactionId) window.__vitals.inp = Math.max(window.__vitals.inp, entry.duration);
  }).observe({ type: "event", buffered: true, durationThreshold: 16 });
`;

const STATIC_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Baseline</title></head>
<body><h1>Write a post</h1><p>A minimal page with one heading, one paragraph, one field and one button.</p>
<label>Title <input id="title"></label> <button id="go">Generate post</button></body></html>`;

async function measure(
  browser: Browser,
  url: string,
  interact: (page: Page) => Promise<void>,
  ready: (page: Page) => Promise<void>,
): Promise<Vitals> {
  const context = await newBrowserContext(browser, { userAgent: desktopChromeUserAgent });
  await context.addInitScript({ content: observeVitals });
  const page = await context.newPage();
  await page.goto(url, { waitUntil: "load" });
  await ready(page);
  await page.waitForLoadState("networkidle");
  const lcp = await page.evaluate(() => (globalThis as unknown as { __vitals: Vitals }).__vitals.lcp);
  await interact(page);
  // Event timing entries arrive after the next paint.
  await page.waitForTimeout(300);
  const vitals = await page.evaluate(() => (globalThis as unknown as { __vitals: Vitals }).__vitals);
  await context.close();
  return { ...vitals, lcp };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

async function runs(fn: () => Promise<Vitals>): Promise<Vitals> {
  const all: Vitals[] = [];
  for (let i = 0; i < RUNS; i++) all.push(await fn());
  return { lcp: median(all.map((v) => v.lcp)), cls: median(all.map((v) => v.cls)), inp: median(all.map((v) => v.inp)) };
}

/** The JavaScript a route loads: the client entry and each route module of its branch, with their imports. */
async function javascriptPerRoute(
  routeBranches: Record<string, string[]>,
): Promise<Record<string, { files: number; raw: number; gzip: number }>> {
  const assets = path.join(buildDir, "client/assets");
  const manifestFile = (await readdir(assets)).find((name) => /^manifest-.*\.js$/.test(name));
  if (!manifestFile) throw new Error("The build has no Remix manifest");
  const text = await readFile(path.join(assets, manifestFile), "utf8");
  const manifest = JSON.parse(text.slice(text.indexOf("{"), text.lastIndexOf("}") + 1)) as {
    entry: { module: string; imports: string[] };
    routes: Record<string, { module: string; imports?: string[] }>;
  };
  const result: Record<string, { files: number; raw: number; gzip: number }> = {};
  for (const [name, branch] of Object.entries(routeBranches)) {
    const files = new Set([manifest.entry.module, ...manifest.entry.imports]);
    for (const id of branch) {
      const route = manifest.routes[id];
      if (!route) throw new Error(`No route ${id} in the manifest`);
      files.add(route.module);
      for (const file of route.imports ?? []) files.add(file);
    }
    let raw = 0;
    let gzip = 0;
    for (const file of files) {
      const body = await readFile(path.join(buildDir, "client", file));
      raw += body.length;
      gzip += gzipSync(body, { level: 9 }).length;
    }
    result[name] = { files: files.size, raw, gzip };
  }
  return result;
}

export default async function bench(): Promise<void> {
  const preview = await startPreview();
  const port = await freePort();
  const staticServer = createServer((_, res) => {
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    res.end(STATIC_PAGE);
  });
  await new Promise<void>((resolve) => staticServer.listen(port, "127.0.0.1", resolve));
  const browser = await launchBrowser();
  try {
    // Install once, so every measured load is a returning merchant's.
    const warm = await newBrowserContext(browser, { userAgent: desktopChromeUserAgent });
    const warmPage = await warm.newPage();
    await warmPage.goto(preview.documentUrl("/app"));
    await warmPage.getByText("posts left this month").waitFor({ timeout: 60_000 });
    // A post to open in the editor.
    await warmPage.goto(preview.documentUrl("/app/write"));
    await warmPage.getByLabel("Title").fill("How to choose a scented candle");
    await warmPage.getByLabel("Keywords").fill("scented candles, soy wax");
    await warmPage.getByRole("button", { name: "Generate post" }).click();
    await warmPage.waitForURL(/\/app\/posts\/\d+/, { timeout: 120_000 });
    const postPath = new URL(warmPage.url()).pathname;
    await warm.close();

    const baseline = await runs(() =>
      measure(
        browser,
        `http://127.0.0.1:${port}/`,
        async (page) => {
          await page.click("#title");
          await page.keyboard.type("a");
        },
        async (page) => void (await page.locator("#go").waitFor()),
      ),
    );
    const home = await runs(() =>
      measure(
        browser,
        preview.documentUrl("/app"),
        async (page) => void (await page.getByText("posts left this month").click()),
        async (page) => void (await page.getByText("posts left this month").waitFor({ timeout: 30_000 })),
      ),
    );
    const write = await runs(() =>
      measure(
        browser,
        preview.documentUrl("/app/write"),
        async (page) => {
          await page.getByLabel("Title").click();
          await page.keyboard.type("a");
        },
        async (page) => void (await page.getByLabel("Title").waitFor({ timeout: 30_000 })),
      ),
    );

    // Ready when the rich-text editor (its own chunk, fetched after the page shows) holds the post; the interaction
    // is typing a letter into it.
    const post = await runs(() =>
      measure(
        browser,
        preview.documentUrl(postPath),
        async (page) => {
          await page.getByRole("textbox", { name: "Content" }).click();
          await page.keyboard.type("a");
        },
        async (page) => void (await page.getByRole("textbox", { name: "Content" }).waitFor({ timeout: 30_000 })),
      ),
    );

    console.log(`Median of ${RUNS} loads each (fresh browser profile, loopback, production build).`);
    console.log("page            LCP ms   CLS     INP ms   (goals: LCP <= 2500, CLS <= 0.1, INP <= 200)");
    const line = (name: string, v: Vitals) =>
      console.log(
        `${name.padEnd(15)} ${fmt(v.lcp).padStart(6)}   ${v.cls.toFixed(3)}   ${fmt(v.inp).padStart(6)}   ` +
          `(${v.lcp <= GOALS.lcp && v.cls <= GOALS.cls && v.inp <= GOALS.inp ? "within goals" : "OVER A GOAL"}; ` +
          `LCP ${fmt(v.lcp / Math.max(1, baseline.lcp), 1)}x the static page)`,
      );
    line("static page", baseline);
    line("app home", home);
    line("write page", write);
    line("post + editor", post);

    const js = await javascriptPerRoute({
      "/app": ["root", "routes/app", "routes/app._index"],
      "/app/write": ["root", "routes/app", "routes/app.write"],
      "/app/posts/:id": ["root", "routes/app", "routes/app.posts.$id"],
    });
    console.log("\nJavaScript per route (client entry + route modules and their imports):");
    for (const [route, size] of Object.entries(js)) {
      console.log(
        `${route.padEnd(15)} ${String(size.files).padStart(3)} files  ${fmt(size.raw / 1024, 1).padStart(7)} KiB  ${fmt(size.gzip / 1024, 1).padStart(6)} KiB gzip`,
      );
    }
  } finally {
    await browser.close();
    await new Promise<void>((resolve) => staticServer.close(() => resolve()));
    await preview.close();
  }
}
