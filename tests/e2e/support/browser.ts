// Headless Chromium for the end-to-end tests: the system's Chromium (Debian's package), driven by playwright-core,
// with every request to a non-loopback address aborted so nothing waits on DNS on a machine without internet.
import { existsSync } from "node:fs";
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";

/** Where Chromium is expected; CHROMIUM_PATH overrides it. */
export const chromiumPath = process.env.CHROMIUM_PATH || "/usr/bin/chromium";

const chromiumArgs = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-dev-shm-usage",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

/** How long an action or a wait may take before the test fails with Playwright's description of what it waited for. */
export const ACTION_TIMEOUT_MS = 15_000;

export async function launchBrowser(): Promise<Browser> {
  if (!existsSync(chromiumPath)) {
    throw new Error(
      `Chromium was not found at ${chromiumPath}, and the end-to-end tests drive a real browser. Install it with ` +
        "`apt-get install -y chromium` (as root), or set CHROMIUM_PATH to a Chromium or Chrome executable.",
    );
  }
  return chromium.launch({ executablePath: chromiumPath, headless: true, args: chromiumArgs });
}

/**
 * A desktop Chrome's user agent, for servers that turn away headless browsers as bots (Shopify's app library answers
 * "HeadlessChrome" with 410 Gone).
 */
export const desktopChromeUserAgent =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36";

/** The browser's zone when a test does not choose one (see `newBrowserContext`). */
const defaultBrowserZone = "America/New_York";

const loopbackHosts = new Set(["127.0.0.1", "localhost", "[::1]", "::1"]);

/**
 * A fresh browser profile: its own cookies and storage, a desktop-sized window (the header shows every link), and
 * reduced motion so animations do not hold up what a test waits for. Its clock is in `timezoneId`, America/New_York
 * unless told: never UTC, where the server, the database and the fakes are and where a date read in the browser's
 * zone instead of the zone the product names would look right by chance, and a zone with daylight saving, so an
 * offset taken for the wrong day shows too. A file that schedules puts the browser in another zone than the
 * account's or the site's, as a traveller would be.
 */
export async function newBrowserContext(
  browser: Browser,
  options: { userAgent?: string; timezoneId?: string } = {},
): Promise<BrowserContext> {
  const context = await browser.newContext({
    userAgent: options.userAgent,
    viewport: { width: 1280, height: 900 },
    reducedMotion: "reduce",
    locale: "en-US",
    timezoneId: options.timezoneId ?? defaultBrowserZone,
  });
  context.setDefaultTimeout(ACTION_TIMEOUT_MS);
  context.setDefaultNavigationTimeout(ACTION_TIMEOUT_MS * 2);
  await context.route(
    (url) =>
      (url.protocol === "http:" || url.protocol === "https:" || url.protocol === "ws:") &&
      !loopbackHosts.has(url.hostname),
    (route) => route.abort("blockedbyclient"),
  );
  return context;
}

/** Console errors and uncaught exceptions of a page, kept for the failure report. */
export function recordPageProblems(page: Page, into: string[]): void {
  page.on("pageerror", (error) => into.push(`[${page.url()}] uncaught: ${error.stack ?? error.message}`));
  page.on("console", (message) => {
    if (message.type() === "error") into.push(`[${page.url()}] console: ${message.text()}`);
  });
}
