// Refreshing one of Your posts in the browser, as an owner with a real WordPress site (tests/support/wordpress): the
// site is connected from the dashboard's API, its posts are read and analysed in the background, "Refresh" on the
// weakest post proposes an update shown change by change, the owner leaves one change out and publishes the rest
// (the same WordPress post, one revision more), then restores the previous version. Screens are kept under
// test-results/e2e/refresh-post-test-ts/screens/ and checked with axe-core.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startWordPress, type WordPressSite } from "../support/wordpress/start-wordpress.ts";
import { useE2E } from "./support/e2e.ts";
import { keepScreenshot, seriousAccessibilityProblems } from "./support/screens.ts";
import { shows, signUpThroughApi } from "./support/ui.ts";

let wordpress: WordPressSite;
let starting: Promise<WordPressSite>;
beforeAll(() => {
  starting = startWordPress();
  starting.catch(() => {});
});
afterAll(async () => {
  const started = await starting?.catch(() => undefined);
  await started?.stop();
});

const e2e = useE2E({ timezoneId: "Europe/Berlin" });

interface EditPost {
  id: number;
  link: string;
  content: { raw: string };
}

async function rest<T>(route: string, init?: { method?: string; body?: unknown }): Promise<T> {
  const response = await wordpress.rest(route, {
    method: init?.method ?? "GET",
    headers: { "content-type": "application/json" },
    body: init?.body === undefined ? undefined : JSON.stringify(init.body),
  });
  expect(response.status, await response.clone().text()).toBeLessThan(300);
  return (await response.json()) as T;
}

const GRINDER_HTML = [
  "<p>We tested a dozen machines in our shop this spring.</p>",
  '<h2>Burr or blade</h2><p>Burrs crush evenly. Blades chop the beans.</p><img src="https://cdn.example/burr.jpg">',
  "<h2>Our picks</h2><p>These are the top picks for 2023 in our shop.</p>",
  "<h2>Wrap up</h2><p>Grind fresh, every time.</p>",
].join("\n");

let post: EditPost;

beforeAll(async () => {
  wordpress = await starting;
  post = await rest<EditPost>("wp/v2/posts", {
    method: "POST",
    body: { title: "Best Burr Grinder Picks", status: "publish", content: GRINDER_HTML },
  });
}, 600_000);

describe("refreshing one of Your posts", () => {
  it("proposes changes side by side, publishes the chosen ones in place and restores the previous version", async () => {
    const { page, site } = e2e;
    await page.setViewportSize({ width: 1440, height: 900 });
    await signUpThroughApi(page, site.url);
    const saved = await page.request.post(`${site.url}/api/wordpress/connection`, {
      data: {
        siteName: "Grind Journal",
        siteUrl: wordpress.url,
        username: wordpress.adminUser,
        applicationPassword: wordpress.applicationPassword,
        isActive: true,
      },
    });
    expect(saved.status(), await saved.text()).toBe(200);

    await page.goto(`${site.url}/your-posts`);
    await shows(page.getByRole("heading", { level: 1, name: "Your posts" }));
    // The background reads and analyses the site's posts after its first index.
    const row = page.getByRole("row").filter({ has: page.getByRole("rowheader", { name: /Best Burr Grinder Picks/ }) });
    await expect
      .poll(
        async () => {
          if (await row.count()) return true;
          await page.reload();
          return false;
        },
        { timeout: 90_000, interval: 1_000 },
      )
      .toBe(true);
    await keepScreenshot(page, "refresh-post-test-ts", "01-your-posts");

    await row.getByRole("button", { name: /Refresh/ }).click();
    await page.waitForURL((url) => /^\/refreshes\/\d+$/.test(url.pathname));
    await shows(page.getByRole("heading", { level: 1, name: "Refresh a post" }));
    const changes = page.getByRole("checkbox");
    await expect.poll(() => changes.count()).toBeGreaterThan(1);
    expect(await seriousAccessibilityProblems(page)).toEqual([]);
    await keepScreenshot(page, "refresh-post-test-ts", "02-proposal");
    // Nothing has changed on the site yet.
    expect((await rest<EditPost>(`wp/v2/posts/${post.id}?context=edit`)).content.raw).toBe(post.content.raw);

    // Leave the first change out, publish the rest.
    await changes.first().uncheck();
    const publish = page.getByRole("button", { name: /^Publish update \(\d+ changes?\)$/ });
    await publish.click();
    await shows(page.getByRole("button", { name: "Restore previous version" }));
    await keepScreenshot(page, "refresh-post-test-ts", "03-published");
    const updated = await rest<EditPost>(`wp/v2/posts/${post.id}?context=edit`);
    expect(updated.link).toBe(post.link);
    expect(updated.content.raw).not.toBe(post.content.raw);

    await page.getByRole("button", { name: "Restore previous version" }).click();
    await expect
      .poll(async () => (await rest<EditPost>(`wp/v2/posts/${post.id}?context=edit`)).content.raw)
      .toBe(post.content.raw);
    await keepScreenshot(page, "refresh-post-test-ts", "04-restored");
  });
});
