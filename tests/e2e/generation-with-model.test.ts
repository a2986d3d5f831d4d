// Writing a post with a model, in a real browser: the site's AI provider is the local OpenAI-compatible fake, paced
// like a model, so the owner reads the post as it is written: the introduction appears under the progress steps while
// the sections are still being written, each part in reading order, and the finished post then takes their place.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeOpenAI, startFakeOpenAI } from "../fakes/openai/server.ts";
import { useE2E } from "./support/e2e.ts";
import { shows, signUpThroughApi } from "./support/ui.ts";

let fake: FakeOpenAI;
beforeAll(async () => {
  // Twice a model's 50 tokens a second per stream: the whole post takes about eight seconds.
  fake = await startFakeOpenAI({ tokensPerSecond: 100, latencyMs: 200 });
});
afterAll(async () => {
  await fake?.close();
});

const e2e = useE2E({ site: () => ({ openaiBaseUrl: fake.url }), timezoneId: "Europe/Berlin" });

describe("a post written by a model", () => {
  it("shows each part as soon as it is written, then the finished post", async () => {
    const { page, site } = e2e;
    await signUpThroughApi(page, site.url);
    await page.goto(site.url);
    const form = page.locator("form#blog-form");
    await form.getByLabel("Blog Title").fill("Cold brew at home");
    await form.getByLabel("Target Keywords").fill("cold brew, iced coffee, ");
    await page.getByRole("button", { name: "Generate Blog Post" }).click();

    const progress = page.getByRole("region", { name: "Generating your blog post" });
    const soFar = progress.getByRole("region", { name: "Your post so far" });
    // The introduction, asked for at once, is on screen while the rest of the post is still being written.
    await shows(soFar.locator('[data-part="0"] p').first());
    expect(await progress.isVisible()).toBe(true);
    await shows(soFar.getByText(/: being written\.\.\./).first());
    expect(await soFar.locator('[data-part="0"]').innerText()).toMatch(/cold brew/i);

    // Every part has its place in reading order, the written ones filled as they come.
    const order = await soFar
      .locator("li")
      .evaluateAll((items) => items.map((li) => Number(li.getAttribute("data-part"))));
    expect(order).toEqual([...order].sort((a, b) => a - b));
    expect(order[0]).toBe(0);
    await shows(soFar.locator('[data-part="1"] h2'));

    // The finished post replaces them.
    await shows(page.getByRole("region", { name: "Blog Preview" }));
    expect(await progress.count()).toBe(0);
    expect(fake.requests.some((r) => r.step === "post_section")).toBe(true);
  });
});
