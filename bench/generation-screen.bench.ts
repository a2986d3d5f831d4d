// The owner's view of the first post: on the site in a real browser, with the model behind the local
// OpenAI-compatible fake at 50 tokens a second per stream (300 ms to the first token), the time from pressing
// "Generate Blog Post" until the first part of the post is on screen ("Your post so far"), and until the finished post
// is. The baseline, in the same run: the finished post, which is all the owner could read before the post was shown
// as it is written. Goal: the first part on screen within 8 s. Screenshots go to test-results/bench/.
import { mkdir } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { launchBrowser, newBrowserContext } from "../tests/e2e/support/browser.ts";
import { startSite } from "../tests/e2e/support/site.ts";
import { startFakeOpenAI } from "../tests/fakes/openai/server.ts";

const TOKENS_PER_SECOND = 50;
const GOAL_SECONDS = 8;
const shots = fileURLToPath(new URL("../test-results/bench/", import.meta.url));
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

export default async function bench(): Promise<void> {
  await mkdir(shots, { recursive: true });
  const fake = await startFakeOpenAI({ tokensPerSecond: TOKENS_PER_SECOND, latencyMs: 300 });
  const [site, browser] = await Promise.all([startSite({ openaiBaseUrl: fake.url }), launchBrowser()]);
  try {
    const context = await newBrowserContext(browser, { timezoneId: "America/Sao_Paulo" });
    const page = await context.newPage();
    await page.setViewportSize({ width: 1280, height: 900 });
    const person = {
      firstName: "Ana",
      lastName: "Souza",
      email: `ana.${Date.now()}@example.com`,
      password: "Sturdy1!pass",
    };
    const registered = await page.request.post(`${site.url}/api/auth/register`, { data: person });
    const { developmentCode } = (await registered.json()) as { developmentCode?: string };
    await page.request.post(`${site.url}/api/auth/verify-email`, {
      data: { email: person.email, code: developmentCode },
    });
    await page.goto(site.url);
    const form = page.locator("form#blog-form");
    await form.getByLabel("Blog Title").fill("Cold brew at home: a beginner's guide");
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

    console.log(`model: the OpenAI-compatible fake at ${TOKENS_PER_SECOND} tokens/s per stream; browser on the site`);
    console.log(`first part on screen (the introduction): ${seconds(firstPartMs)}`);
    console.log(`first H2 section on screen:              ${seconds(firstSectionMs)}`);
    console.log(`baseline, the finished post on screen:  ${seconds(finishedMs)}`);
    console.log(
      `ratio: ${(firstPartMs / finishedMs).toFixed(2)}x the wait for the finished post` +
        ` (goal: first part within ${GOAL_SECONDS} s: ${firstPartMs < GOAL_SECONDS * 1000 ? "met" : "not met"});` +
        ` screenshots in test-results/bench/`,
    );
    await context.close();
  } finally {
    await browser.close();
    await site.close();
    await fake.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await bench();
