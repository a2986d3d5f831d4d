// The owner's view of the first post: on the site and in the WordPress plugin, in a real browser, with the model
// behind the local OpenAI-compatible fake at 50 tokens a second per stream (300 ms to the first token), the time from
// pressing "Generate Blog Post" ("Generate post" in the plugin) until the first part of the post is on screen ("Your
// post so far"), and until the finished post is. The plugin runs in the real WordPress of the tests, installed from
// its release zip and connected to the service as an owner connects it; its generator page shows the parts as the
// generation job it relays from the service reports them. The baseline, in the same run: the finished post, which is
// all the owner could read before the post was shown as it is written. Goal: the first part on screen within 8 s.
// Screenshots go to test-results/bench/.
import { execFile } from "node:child_process";
import { mkdir } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import type { Browser, Page } from "playwright-core";
import { launchBrowser, newBrowserContext } from "../tests/e2e/support/browser.ts";
import { startSite, type Site } from "../tests/e2e/support/site.ts";
import { startFakeOpenAI } from "../tests/fakes/openai/server.ts";
import { startWordPress, WORDPRESS_TEST_SITE_TITLE } from "../tests/support/wordpress/start-wordpress.ts";

const TOKENS_PER_SECOND = 50;
const GOAL_SECONDS = 8;
const shots = fileURLToPath(new URL("../test-results/bench/", import.meta.url));
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

const repoRoot = fileURLToPath(new URL("..", import.meta.url));
const TITLE = "Cold brew at home: a beginner's guide";

interface Timings {
  firstPartMs: number;
  firstSectionMs: number;
  finishedMs: number;
}

function report(surface: string, { firstPartMs, firstSectionMs, finishedMs }: Timings): void {
  console.log(`${surface}: first part on screen (the introduction): ${seconds(firstPartMs)}`);
  console.log(`${surface}: first H2 section on screen:              ${seconds(firstSectionMs)}`);
  console.log(`${surface}: baseline, the finished post on screen:  ${seconds(finishedMs)}`);
  console.log(
    `${surface}: ratio: ${(firstPartMs / finishedMs).toFixed(2)}x the wait for the finished post` +
      ` (goal: first part within ${GOAL_SECONDS} s: ${firstPartMs < GOAL_SECONDS * 1000 ? "met" : "not met"})`,
  );
}

/** An owner of the service, signed up and verified through its API, in the page's browser context. */
async function signUp(page: Page, site: Site, firstName: string) {
  const person = {
    firstName,
    lastName: "Souza",
    email: `${firstName.toLowerCase()}.${Date.now()}@example.com`,
    password: "Sturdy1!pass",
  };
  const registered = await page.request.post(`${site.url}/api/auth/register`, { data: person });
  const { developmentCode } = (await registered.json()) as { developmentCode?: string };
  await page.request.post(`${site.url}/api/auth/verify-email`, {
    data: { email: person.email, code: developmentCode },
  });
  return person;
}

/** The plugin's generator page in a real WordPress, connected to the service, timed as on the site. */
async function measurePlugin(browser: Browser, site: Site): Promise<Timings> {
  await promisify(execFile)("npm", ["run", "zip", "-w", "wp-plugin"], { cwd: repoRoot, timeout: 300_000 });
  const wordpress = await startWordPress({ pluginZips: [path.join(repoRoot, "wp-plugin/dist/postwright.zip")] });
  try {
    await wordpress.php(`update_option( 'postwright_service_url', ${JSON.stringify(site.url)} );`);
    const context = await newBrowserContext(browser, { timezoneId: "America/Sao_Paulo" });
    const page = await context.newPage();
    await page.setViewportSize({ width: 1280, height: 900 });
    const person = await signUp(page, site, "Bia");
    await page.goto(`${wordpress.url}/wp-login.php`);
    for (let attempt = 0; attempt < 5; attempt++) {
      await page.locator("#user_login").fill(wordpress.adminUser);
      await page.locator("#user_pass").fill(wordpress.adminPassword);
      if ((await page.locator("#user_login").inputValue()) === wordpress.adminUser) break;
    }
    await page.locator("#wp-submit").click();
    await page.waitForURL(/wp-admin/);
    // Connected as an owner connects the site: approved on the service's page.
    await page.goto(`${wordpress.url}/wp-admin/admin.php?page=postwright`);
    const app = page.locator("#postwright-admin-root");
    // The browser is signed in to the service already (the sign-up's session).
    await app.getByRole("button", { name: "Connect to Postwright" }).click();
    await page
      .getByRole("heading", { name: `Connect ${WORDPRESS_TEST_SITE_TITLE} to your Postwright account?` })
      .waitFor({ timeout: 30_000 });
    await page.getByRole("button", { name: "Approve" }).click();
    await page.waitForURL(`${wordpress.url}/wp-admin/admin.php?page=postwright*`);
    await app.getByText(`Connected to Postwright as ${person.email}.`).waitFor({ timeout: 30_000 });

    await app.getByLabel("Title", { exact: true }).fill(TITLE);
    await app.getByLabel("Keywords (separated by commas)").fill("cold brew, iced coffee, coffee ratio");
    const started = performance.now();
    await app.getByRole("button", { name: "Generate post" }).click();
    const soFar = app.getByRole("region", { name: "Your post so far" });
    await soFar.locator(".postwright-post-so-far__part p").first().waitFor({ state: "visible", timeout: 60_000 });
    const firstPartMs = performance.now() - started;
    await page.screenshot({ path: `${shots}generation-plugin-first-part.png` });
    await soFar.locator(".postwright-post-so-far__part h2").first().waitFor({ state: "visible", timeout: 60_000 });
    const firstSectionMs = performance.now() - started;
    await soFar.waitFor({ state: "detached", timeout: 120_000 });
    const finishedMs = performance.now() - started;
    await page.screenshot({ path: `${shots}generation-plugin-finished.png` });
    await context.close();
    return { firstPartMs, firstSectionMs, finishedMs };
  } finally {
    await wordpress.stop();
  }
}

/** The site's form, timed from "Generate Blog Post". */
async function measureSite(browser: Browser, site: Site): Promise<Timings> {
  const context = await newBrowserContext(browser, { timezoneId: "America/Sao_Paulo" });
  const page = await context.newPage();
  await page.setViewportSize({ width: 1280, height: 900 });
  await signUp(page, site, "Ana");
  await page.goto(site.url);
  const form = page.locator("form#blog-form");
  await form.getByLabel("Blog Title").fill(TITLE);
  await form.getByLabel("Target Keywords").fill("cold brew, iced coffee, coffee ratio, ");

  const started = performance.now();
  await page.getByRole("button", { name: "Generate Blog Post" }).click();
  const soFar = page.getByRole("region", { name: "Your post so far" });
  await soFar.locator("[data-part] p").first().waitFor({ state: "visible", timeout: 60_000 });
  const firstPartMs = performance.now() - started;
  await page.screenshot({ path: `${shots}generation-first-part.png` });
  await soFar.locator('[data-part="1"] h2').waitFor({ state: "visible", timeout: 60_000 });
  const firstSectionMs = performance.now() - started;
  await page.getByRole("region", { name: "Blog Preview" }).waitFor({ state: "visible", timeout: 120_000 });
  const finishedMs = performance.now() - started;
  await page.screenshot({ path: `${shots}generation-finished.png` });
  await context.close();
  return { firstPartMs, firstSectionMs, finishedMs };
}

export default async function bench(): Promise<void> {
  await mkdir(shots, { recursive: true });
  const fake = await startFakeOpenAI({ tokensPerSecond: TOKENS_PER_SECOND, latencyMs: 300 });
  const [site, browser] = await Promise.all([startSite({ openaiBaseUrl: fake.url }), launchBrowser()]);
  try {
    console.log(`model: the OpenAI-compatible fake at ${TOKENS_PER_SECOND} tokens/s per stream`);
    const only = process.env.GENERATION_SCREEN_PART;
    if (!only || only === "site") report("site", await measureSite(browser, site));
    if (!only || only === "plugin") report("WordPress plugin", await measurePlugin(browser, site));
    console.log("screenshots in test-results/bench/");
  } finally {
    await browser.close();
    await site.close();
    await fake.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await bench();
