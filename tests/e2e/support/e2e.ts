// One browser and one site per test file, a fresh browser profile per test, and a screenshot of every open page
// (plus the pages' console errors) under test-results/e2e/ when a test fails.
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, beforeEach } from "vitest";
import { launchBrowser, newBrowserContext, recordPageProblems } from "./browser.ts";
import { startSite, type Site, type StartSiteOptions } from "./site.ts";

const resultsDir = fileURLToPath(new URL("../../../test-results/e2e", import.meta.url));

export interface E2E {
  /** The running site of this file. */
  readonly site: Site;
  readonly browser: Browser;
  /** The current test's page, in a fresh browser profile. */
  readonly page: Page;
  /** Another browser profile with its own cookies (a second person), closed with the test. */
  newPage(): Promise<Page>;
}

export interface UseE2EOptions {
  /** Site options, or a function giving them once earlier beforeAll hooks ran (to use a fake started there). */
  site?: StartSiteOptions | (() => StartSiteOptions | Promise<StartSiteOptions>);
  /** The browser's time zone (an IANA name); America/New_York unless given (see `newBrowserContext`). */
  timezoneId?: string;
}

function fileSlug(name: string): string {
  return name
    .replace(/[^a-zA-Z0-9]+/g, "-")
    .replace(/^-|-$/g, "")
    .slice(0, 100);
}

/** Registers the hooks of an end-to-end test file and returns accessors for what they start. */
export function useE2E(options: UseE2EOptions = {}): E2E {
  let site: Site | undefined;
  let browser: Browser | undefined;
  let contexts: BrowserContext[] = [];
  let mainPage: Page | undefined;
  let problems: string[] = [];

  async function openPage(): Promise<Page> {
    if (!browser) throw new Error("The browser is not running (beforeAll failed).");
    const context = await newBrowserContext(browser, { timezoneId: options.timezoneId });
    contexts.push(context);
    const page = await context.newPage();
    recordPageProblems(page, problems);
    return page;
  }

  beforeAll(async () => {
    const siteOptions = typeof options.site === "function" ? await options.site() : options.site;
    const [launched, started] = await Promise.allSettled([launchBrowser(), startSite(siteOptions)]);
    // Keep whichever started, so afterAll stops it even when the other failed.
    if (launched.status === "fulfilled") browser = launched.value;
    if (started.status === "fulfilled") site = started.value;
    if (launched.status === "rejected") throw launched.reason;
    if (started.status === "rejected") throw started.reason;
  });

  afterAll(async () => {
    await browser?.close();
    await site?.close();
  });

  beforeEach(async () => {
    problems = [];
    mainPage = await openPage();
  });

  afterEach(async (context) => {
    if (context.task.result?.state === "fail") {
      const base = path.join(resultsDir, fileSlug(path.basename(context.task.file.name)), fileSlug(context.task.name));
      await mkdir(path.dirname(base), { recursive: true });
      const pages = contexts.flatMap((c) => c.pages());
      await Promise.all(
        pages.map((page, index) =>
          page
            .screenshot({ path: `${base}${pages.length > 1 ? `-${index + 1}` : ""}.png`, fullPage: true })
            .catch(() => {}),
        ),
      );
      const lines = [...pages.map((page, index) => `page ${index + 1}: ${page.url()}`), ...problems];
      await writeFile(`${base}.log`, `${lines.join("\n")}\n`);
    }
    await Promise.all(contexts.map((c) => c.close()));
    contexts = [];
    mainPage = undefined;
  });

  return {
    get site() {
      if (!site) throw new Error("The site is not running (beforeAll failed).");
      return site;
    },
    get browser() {
      if (!browser) throw new Error("The browser is not running (beforeAll failed).");
      return browser;
    },
    get page() {
      if (!mainPage) throw new Error("No page: use it inside a test.");
      return mainPage;
    },
    newPage: openPage,
  };
}
