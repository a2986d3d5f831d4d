// The site walked through as an owner meets it, at 1440x900: signing in, the dashboard, writing a post with its
// progress, the post on its own page (and its schedule dialog), the posts, autopilot, the account, the subscription
// and, once their WordPress site is connected, its Brand voice set from a preset. Each main screen is kept as a
// screenshot (test-results/e2e/site-walkthrough-test-ts/screens/) and checked with axe-core (no serious or critical
// violation); a console error or an uncaught exception fails the walk.
import type { Page, Route } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startWordPress, type WordPressSite } from "../support/wordpress/start-wordpress.ts";
import { useE2E } from "./support/e2e.ts";
import { keepScreenshot, seriousAccessibilityProblems } from "./support/screens.ts";
import { atPath, newPerson, shows, signUpThroughApi, toast } from "./support/ui.ts";

// The owner's WordPress site, connected at the end of the walk for its Brand voice; started beside the site.
let wordpress: Promise<WordPressSite>;
beforeAll(() => {
  wordpress = startWordPress();
  wordpress.catch(() => {});
});
afterAll(async () => {
  const started = await wordpress?.catch(() => undefined);
  await started?.stop();
});

// A new owner's browser is rarely on UTC: the walk-through runs in São Paulo's time.
const e2e = useE2E({ timezoneId: "America/Sao_Paulo" });

/** Console errors and uncaught exceptions of the walk. */
function watch(page: Page): string[] {
  const problems: string[] = [];
  page.on("pageerror", (error) => problems.push(`[${page.url()}] uncaught: ${error.message}`));
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(`[${page.url()}] console: ${message.text()}`);
  });
  return problems;
}

/** Keeps the screen and checks it with axe-core. */
async function screen(page: Page, name: string): Promise<void> {
  await keepScreenshot(page, "site-walkthrough-test-ts", name);
  expect(await seriousAccessibilityProblems(page), name).toEqual([]);
}

/** Whether the element is wholly inside the window, as it is now scrolled. */
async function inView(page: Page, selector: string): Promise<boolean> {
  const box = await page.locator(selector).evaluate((node) => {
    const { top, bottom } = node.getBoundingClientRect();
    return { top, bottom };
  });
  return box.top >= 0 && box.bottom <= (page.viewportSize()?.height ?? 0);
}

const header = (page: Page) => page.getByRole("navigation", { name: "Account" });

describe("the site, screen by screen", () => {
  it("goes from signing in through writing a post to the posts, autopilot, account and subscription", async () => {
    const { page, site } = e2e;
    await page.setViewportSize({ width: 1440, height: 900 });
    const problems = watch(page);
    const owner = newPerson("Wren", "Walker");
    const other = await e2e.newPage();
    await signUpThroughApi(other, site.url, owner);
    await other.context().close();

    await page.goto(`${site.url}/login`);
    // Checked once React has taken over the prerendered page (the form is enabled then): axe-core's checks touch
    // the elements' styles, which React would otherwise find on the elements it takes over.
    await expect.poll(() => page.getByRole("button", { name: "Sign In" }).isEnabled()).toBe(true);
    await screen(page, "01-login");
    await page.getByLabel("Email", { exact: true }).fill(owner.email);
    await page.getByLabel("Password", { exact: true }).fill(owner.password);
    await page.getByRole("button", { name: "Sign In" }).click();
    await shows(toast(page, "Logged in successfully!"));
    await atPath(page, "/");

    // The dashboard: the whole form, Generate included, fits in the window.
    await shows(page.getByRole("heading", { name: "Create New Blog Post" }));
    await shows(page.getByRole("heading", { name: "Your Blog Posts" }));
    expect(await inView(page, "button[type=submit][form=blog-form]")).toBe(true);
    await screen(page, "02-dashboard");

    // Writing: the progress is in view while the writer works.
    const form = page.locator("form#blog-form");
    await form.getByLabel("Blog Title").fill("How to care for linen sheets");
    await form.getByLabel("Target Keywords").fill("linen sheets, washing linen");
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/api/blog-posts/generate", async (route: Route) => {
      await released;
      await route.continue();
    });
    await page.getByRole("button", { name: "Generate Blog Post" }).click();
    const progress = page.getByRole("region", { name: "Generating your blog post" });
    await shows(progress.getByRole("list", { name: "Generation stages" }));
    await expect.poll(() => inView(page, "section[aria-labelledby=generation-progress-title]")).toBe(true);
    await screen(page, "03-writing");
    release();

    // The result on its own page, with the way back.
    await shows(toast(page, "Blog post generated successfully!"));
    await page.waitForURL((url) => /^\/posts\/\d+$/.test(url.pathname));
    const post = page.getByRole("region", { name: "Blog Preview" });
    await shows(post.getByRole("heading", { level: 3, name: "How to care for linen sheets" }));
    await shows(post.getByRole("figure", { name: "Google preview" }));
    await shows(page.getByRole("link", { name: "Back to dashboard" }));
    expect(await page.getByRole("heading", { name: "Create New Blog Post" }).count()).toBe(0);
    await screen(page, "04-post");

    // The schedule dialog on the free plan says at once that scheduling needs another plan.
    await post.getByRole("button", { name: "Schedule" }).click();
    const dialog = page.getByRole("dialog", { name: "Schedule Blog Post" });
    await shows(dialog.getByText("Scheduling is available on the Starter plan and above. Upgrade to schedule posts."));
    await shows(dialog.getByText(/Times are in your account/));
    await screen(page, "05-schedule");
    await dialog.getByRole("button", { name: "Cancel" }).click();

    await header(page).getByRole("link", { name: "Posts", exact: true }).click();
    await atPath(page, "/posts");
    await shows(page.getByRole("heading", { level: 1, name: "Posts" }));
    await page.getByRole("button", { name: /^How to care for linen sheets/ }).click();
    await page.waitForURL((url) => /^\/posts\/\d+$/.test(url.pathname));
    await header(page).getByRole("link", { name: "Posts", exact: true }).click();
    await shows(page.getByRole("button", { name: /^How to care for linen sheets/ }));
    await screen(page, "06-posts");

    await header(page).getByRole("link", { name: "Autopilot" }).click();
    await shows(page.getByRole("heading", { level: 1, name: "Autopilot" }));
    await screen(page, "07-autopilot");

    await header(page).getByRole("link", { name: "Account" }).click();
    await shows(page.getByRole("heading", { level: 1, name: "Account" }));
    await shows(page.getByRole("list", { name: "Signed-in sessions" }));
    await screen(page, "08-account");

    await header(page).getByRole("link", { name: "Subscription" }).click();
    await shows(page.getByRole("heading", { level: 1, name: "Account & Billing" }));
    await shows(page.getByRole("link", { name: "Account settings" }));
    await screen(page, "09-subscription");

    await header(page).getByRole("link", { name: "Dashboard" }).click();
    await shows(page.getByRole("heading", { name: "Create New Blog Post" }));
    await shows(page.getByRole("button", { name: /^How to care for linen sheets/ }));
    // With a finished post, the dashboard stays about one window tall: the post lives on its own page.
    const height = await page.locator("html").evaluate((node) => node.scrollHeight);
    expect(height).toBeLessThanOrEqual(2 * 900);

    // Brand voice, on the account page once a site is connected: a preset picked and saved, shown in plain words.
    const blog = await wordpress;
    const connected = await page.request.post(`${site.url}/api/wordpress/connection`, {
      data: {
        siteName: "Linen Notes",
        siteUrl: blog.url,
        username: blog.adminUser,
        applicationPassword: blog.applicationPassword,
        isActive: true,
      },
    });
    expect(connected.status(), await connected.text()).toBe(200);
    // Connected outside the page: the account page is opened anew, as after connecting on the dashboard.
    await page.goto(`${site.url}/account`);
    const voice = page.getByRole("region", { name: "Brand voice of Linen Notes" });
    await shows(voice.getByText("No voice yet. Read it from your published posts, or start from a preset."));
    await voice.getByLabel("Preset").selectOption({ label: "Founder's notes" });
    await voice.getByRole("button", { name: "Use preset" }).click();
    await shows(toast(page, "Voice saved"));
    await shows(voice.getByText("From a preset."));
    await shows(voice.getByRole("list", { name: "Your voice" }));
    await voice.scrollIntoViewIfNeeded();
    await screen(page, "10-brand-voice");

    expect(problems).toEqual([]);
  });
});
