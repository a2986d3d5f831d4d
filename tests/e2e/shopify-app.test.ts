// The embedded Shopify app in a real browser: its built pages inside an admin-like frame, with App Bridge answered by
// a local stand-in (session tokens signed with the app's secret, toasts, the resource picker, the navigation menu)
// and the store played by the fake Admin GraphQL API. A merchant installs the app, writes a post featuring a product
// with an image added to the store's Files, publishes it to a chosen blog, and finds it in the list; a plan made on
// Free is paused and offers the upgrade; choosing a paid plan goes through Shopify's confirmation page and back; then
// an autopilot plan's titles show on a month calendar. On Your posts, an old article is refreshed (the proposal change
// by change, one change left out, published to the same article, restored; an article edited on the store since its
// proposal is refused with nothing written), and Search Console is connected through Google's consent in the whole
// window (the local Google fake) and back into the app, its figures, "Losing visitors" and ideas shown, and
// disconnected. Each main screen is kept as a screenshot and checked with axe-core (no serious or critical
// violation); a console error fails the test. Any request that reaches no local server fails the test.
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { BrowserContext, FrameLocator, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Database, Prisma } from "../../core/src/db/index.ts";
import type { Config } from "../../core/src/env.ts";
import { claimJobs } from "../../core/src/jobs/index.ts";
import { runSearchConsoleJob, SEARCH_CONSOLE_JOB, searchPeriods } from "../../core/src/search-console/index.ts";
import { analyzeSitePosts, saveSitePosts } from "../../core/src/site-posts/index.ts";
import { buildDir } from "../../shopify-app/preview/ensure-build.ts";
import { APP_BRIDGE_URL, startPreview, type Preview } from "../../shopify-app/preview/start-preview.ts";
import { startFakeGoogle, type FakeGoogle } from "../fakes/google/index.ts";
import { onePixelPng } from "../fakes/shopify/index.ts";
import { desktopChromeUserAgent, launchBrowser, newBrowserContext, recordPageProblems } from "./support/browser.ts";
import { keepScreenshot, seriousAccessibilityProblems } from "./support/screens.ts";

let preview: Preview;
let google: FakeGoogle;
let browser: Awaited<ReturnType<typeof launchBrowser>>;
let context: BrowserContext;
let page: Page;
const external: string[] = [];
const problems: string[] = [];
const STORE = "https://preview-store.example";
const PROPERTY = "sc-domain:preview-store.example";

beforeAll(async () => {
  // Google is the local fake, with the store's domain in Search Console (read once the app is loaded, like Shopify's).
  google = await startFakeGoogle();
  google.seedSites([{ siteUrl: PROPERTY, permissionLevel: "siteOwner" }]);
  Object.assign(process.env, {
    GOOGLE_CLIENT_ID: google.clientId,
    GOOGLE_CLIENT_SECRET: google.clientSecret,
    GOOGLE_API_BASE: google.url,
  });
  // The page loads exactly what production does; the test answers Shopify's CDN itself.
  preview = await startPreview({ rewriteCdn: false });
  // The store in Kolkata (UTC+5:30: east of UTC, and not a whole hour from it), the browser in Los Angeles: times are
  // the store's (and a plan's), never the browser's.
  preview.fake.shop(preview.shop).ianaTimezone = "Asia/Kolkata";
  browser = await launchBrowser();
  context = await newBrowserContext(browser, { userAgent: desktopChromeUserAgent, timezoneId: "America/Los_Angeles" });
  await context.route(
    (url) => !["127.0.0.1", "localhost"].includes(url.hostname) && url.protocol !== "data:",
    async (route) => {
      const url = route.request().url();
      if (url.startsWith(APP_BRIDGE_URL)) {
        await route.fulfill({ contentType: "text/javascript", body: preview.appBridgeScript });
      } else if (url === "https://cdn.shopify.com/static/fonts/inter/v4/styles.css") {
        await route.fulfill({ contentType: "text/css", body: "" });
      } else {
        external.push(url);
        await route.abort("blockedbyclient");
      }
    },
  );
  page = await context.newPage();
  recordPageProblems(page, problems);
}, 300_000);

afterEach(async (test) => {
  if (test.task.result?.state === "fail") {
    await keepScreenshot(
      page,
      "shopify-app-test-ts",
      `failed-${test.task.name.replace(/[^a-z0-9]+/gi, "-").slice(0, 60)}`,
    );
  }
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await preview?.close();
  await google?.close();
  for (const name of ["GOOGLE_CLIENT_ID", "GOOGLE_CLIENT_SECRET", "GOOGLE_API_BASE"]) delete process.env[name];
});

const app = (): FrameLocator => page.frameLocator('iframe[title="Postwright"]');
const adminNav = (name: string) =>
  page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name, exact: true });
const toast = (text: string | RegExp) => page.locator("#admin-toasts").getByText(text);
/** Which item the admin's navigation shows as the current page (none on the app's home page). */
const currentNavItem = async (expected: string | null) =>
  expect
    .poll(() => page.getByRole("navigation", { name: "Admin" }).locator('a[aria-current="page"]').allInnerTexts())
    .toEqual(expected === null ? [] : [expected]);
const appFrame = () => page.frame({ name: "app-iframe" })!;

/** The screen as the merchant sees it, kept as a screenshot, and no serious accessibility problem in the app. */
async function screen(name: string): Promise<void> {
  await keepScreenshot(page, "shopify-app-test-ts", name);
  expect(await seriousAccessibilityProblems(appFrame()), name).toEqual([]);
}

/**
 * A page's empty state as the merchant sees it: its illustration loaded and fully shown, within the card and above the
 * heading (until an image loads, Polaris shows a grey circle in its place, over the heading).
 */
async function emptyStateShown(headingText: string): Promise<void> {
  await app().getByText(headingText, { exact: true }).waitFor({ timeout: 60_000 });
  const card = app()
    .locator(".Polaris-EmptyState__ImageContainer")
    .locator("xpath=ancestor::*[contains(@class, 'Polaris-ShadowBevel')][1]");
  const illustration = app().locator("img.Polaris-EmptyState__Image");
  await expect
    .poll(() =>
      illustration.evaluate((node) => {
        const img = node as unknown as { complete: boolean; naturalWidth: number };
        return img.complete ? img.naturalWidth : 0;
      }),
    )
    .toBeGreaterThan(0);
  const opacity = (selector: string) =>
    app()
      .locator(selector)
      .evaluate((node) => {
        const view = (
          node as unknown as { ownerDocument: { defaultView: { getComputedStyle(n: unknown): { opacity: string } } } }
        ).ownerDocument.defaultView;
        return view.getComputedStyle(node).opacity;
      });
  await expect.poll(() => opacity("img.Polaris-EmptyState__Image")).toBe("1");
  await expect.poll(() => opacity(".Polaris-EmptyState__SkeletonImage")).toBe("0");
  const image = (await illustration.boundingBox())!;
  const heading = (await app().getByText(headingText, { exact: true }).boundingBox())!;
  const box = (await card.boundingBox())!;
  expect(image.y + image.height).toBeLessThanOrEqual(heading.y);
  expect(image.x).toBeGreaterThanOrEqual(box.x);
  expect(image.x + image.width).toBeLessThanOrEqual(box.x + box.width);
}

/** The preview's own services (the built app's module, as the preview loaded it). */
async function previewServices(): Promise<{ db: Database & { prisma: Prisma }; config: Config }> {
  const build = (await import(pathToFileURL(path.join(buildDir, "server/index.js")).href)) as {
    entry: { module: { appContext: () => Promise<{ db: Database & { prisma: Prisma }; config: Config }> } };
  };
  return build.entry.module.appContext();
}

/** The shop's account and store connection in the preview's database. */
async function shopAccount(prisma: Prisma): Promise<{ userId: number; connectionId: number }> {
  const user = await prisma.user.findUniqueOrThrow({ where: { shopDomain: preview.shop } });
  const connection = await prisma.shopifyConnection.findFirstOrThrow({ where: { userId: user.id } });
  return { userId: user.id, connectionId: connection.id };
}

/** Articles of the store as the daily read puts them into Your posts (published 400 days ago). */
async function intoYourPosts(articles: Array<{ remoteId: string; title: string; url: string; html: string }>) {
  const { db } = await previewServices();
  const { userId, connectionId } = await shopAccount(db.prisma);
  const now = new Date();
  await saveSitePosts(db.prisma, {
    userId,
    platform: "shopify",
    connectionId,
    posts: analyzeSitePosts(
      articles.map((a) => ({
        ...a,
        slug: null,
        seoTitle: null,
        metaDescription: "",
        keyphrase: null,
        keyphraseSource: null,
        publishedAt: new Date(now.getTime() - 400 * 24 * 3600_000),
        modifiedAt: null,
      })),
      { siteUrl: STORE, otherPages: [], now },
    ),
    now,
  });
}

const REFRESH_BODY =
  "<p>Our favourite scents for every room.</p><h2>Fresh scents</h2><p>Citrus and mint wake up a kitchen.</p>" +
  "<h2>Warm scents</h2><p>Amber and vanilla suit a living room in winter.</p>";

/** An old article of the store, in Your posts: its GID. */
async function oldArticle(title: string, handle: string): Promise<string> {
  const shop = preview.fake.shop(preview.shop);
  const { article } = await shop.createArticle(
    {
      blogId: shop.blogs[0]!.id,
      author: { name: "Merchant" },
      isPublished: true,
      title,
      handle,
      body: REFRESH_BODY,
    } as never,
    null,
    async () => null,
  );
  await intoYourPosts([{ remoteId: article!.id, title, url: `${STORE}/blogs/news/${handle}`, html: REFRESH_BODY }]);
  return article!.id;
}

describe("the Shopify app in Shopify admin", () => {
  it("installs, writes a post featuring a product, publishes it to the chosen blog and lists it", async () => {
    await page.goto(preview.adminUrl("/app"));
    // Installed on first open (session token exchanged for an offline token at the fake store).
    await app().getByRole("heading", { name: "Postwright" }).waitFor({ timeout: 60_000 });
    await app().getByText("posts left this month").waitFor();
    expect(preview.fake.requests.some((r) => r.kind === "oauth" && r.status === 200)).toBe(true);
    await emptyStateShown("Write your first post");
    await screen("1-home");
    await currentNavItem(null);
    // On a phone's width (admin's navigation folds away), the empty state still fits the card.
    await page.setViewportSize({ width: 390, height: 844 });
    await emptyStateShown("Write your first post");
    await screen("1-home-narrow");
    await page.setViewportSize({ width: 1280, height: 900 });

    // The app's <ui-nav-menu> is the admin's navigation.
    await adminNav("Write a post").click();
    await app().getByRole("heading", { name: "Write a post" }).waitFor();
    await currentNavItem("Write a post");
    await app().getByLabel("Title").fill("How to choose a scented candle");
    await app().getByLabel("Keywords").fill("scented candles, soy wax");

    // Title suggestions: one click puts a suggestion in the title field.
    await app().getByRole("button", { name: "Suggest titles" }).click();
    const suggestion = app()
      .getByRole("button", { name: /^Use “/ })
      .first();
    await suggestion.waitFor();
    const suggested = (await suggestion.innerText()).replace(/^Use “|”$/g, "");
    expect(suggested.toLowerCase()).toContain("scented candle");
    await suggestion.click();
    expect(await app().getByLabel("Title").inputValue()).toBe(suggested);

    // The resource picker (App Bridge) lists the store's products; the choice shows as a tag.
    await app().getByRole("button", { name: "Pick products" }).click();
    const picker = page.getByRole("dialog", { name: "Select products" });
    await picker.getByLabel("Lavender Soy Candle").check();
    await picker.getByRole("button", { name: "Select" }).click();
    await app().getByText("Lavender Soy Candle").waitFor();

    // An image goes into the store's Files as it is chosen; its thumbnail comes from the store's CDN.
    await app()
      .locator('input[type="file"]')
      .setInputFiles({ name: "candle-on-table.png", mimeType: "image/png", buffer: onePixelPng(180, 120, 200) });
    await app().getByRole("img", { name: "candle on table" }).waitFor();
    await app().getByLabel("Alt text for candle-on-table.png").fill("A lavender candle on an oak table");
    await screen("2-write");

    await app().getByRole("button", { name: "Generate post" }).click();
    // The post opens in the rich-text editor (fetched after the page shows), the product linked in the body.
    const editor = app().getByRole("textbox", { name: "Content" });
    await editor.waitFor({ timeout: 60_000 }).catch(async (error: unknown) => {
      console.log("APP PAGE:", await app().locator("body").innerText(), problems);
      throw error;
    });
    await editor
      .getByRole("link", { name: "Lavender Soy Candle" })
      .and(editor.locator('a[href="https://preview-store.example/products/lavender-soy-candle"]'))
      .waitFor();
    // The preview has no AI model: the offline writer's draft says so on the post, as on the site.
    await app().getByText("Written without an AI model").waitFor();
    // The post's own page is under Posts in the admin's navigation.
    await currentNavItem("Posts");
    await screen("3-post-editor");

    // The search listing is at the store's own address, under the chosen blog.
    await app().getByLabel("Blog", { exact: true }).selectOption({ label: "Guides" });
    const google = app().getByRole("figure", { name: "Google preview" });
    await google.getByText(/^preview-store\.example › blogs › guides › /).waitFor();
    await app().getByLabel("SEO title", { exact: true }).fill("Scented candles: how to choose one");
    await google.getByText("Scented candles: how to choose one").waitFor();

    // Formatting typed in the editor is saved (the core cleans the HTML) and shows in the store's preview of it.
    await editor.click();
    await page.keyboard.press("Control+End");
    await page.keyboard.press("Enter");
    await page.keyboard.press("Control+b");
    await page.keyboard.type("Trim the wick before every burn.");
    await app().getByRole("button", { name: "Save", exact: true }).click();
    await toast("Post saved").waitFor();
    await app().getByRole("tab", { name: "Preview" }).click();
    const article = app().getByRole("article", { name: "Article preview" });
    await article.getByRole("heading", { level: 1 }).waitFor();
    await article.locator("strong", { hasText: "Trim the wick before every burn." }).waitFor();
    // The article's image, as the store shows it above the body.
    await article.locator(".article-preview__image[alt='A lavender candle on an oak table']").waitFor();
    await screen("4-post-preview");

    // Publish to the second blog; Shopify admin's toast says it is done.
    await app().getByRole("button", { name: "Publish now" }).click();
    await toast("Post published").waitFor();
    const [published] = preview.fake.shop(preview.shop).articles;
    const guides = preview.fake.shop(preview.shop).blogs.find((b) => b.title === "Guides");
    expect(published?.blogId).toBe(guides?.id);
    expect(published?.body).toContain("https://preview-store.example/products/lavender-soy-candle");
    expect(published?.body).toContain("<strong>Trim the wick before every burn.</strong>");
    expect(published?.metafields.find((m) => m.key === "title_tag")?.value).toBe("Scented candles: how to choose one");
    expect(preview.fake.shop(preview.shop).files).toHaveLength(1);
    expect(published?.image).toMatchObject({ altText: "A lavender candle on an oak table" });
    await app().getByRole("button", { name: "Republish" }).waitFor();

    // The schedule takes a day from Polaris's date picker and a time, in the store's time zone (Kolkata), named
    // beside it, not the browser's (Los Angeles).
    await app().getByText("In your store's time zone, Asia/Kolkata (UTC+5:30).").waitFor();
    await app()
      .getByRole("button", { name: /^Publish date/ })
      .click();
    await app()
      .getByRole("button", { name: /^Show next month/ })
      .click();
    await app()
      .getByRole("button", { name: / 15 \d{4}$/ })
      .click();
    await app()
      .getByRole("button", { name: /^Publish date: [A-Z][a-z]{2} 15, \d{4}$/ })
      .waitFor();
    await app().getByLabel("Time").selectOption({ label: "9:30 AM" });
    await app().getByRole("button", { name: "Schedule", exact: true }).waitFor();

    await adminNav("Posts").click();
    const row = app().getByRole("row", { name: /scented candle/i });
    await row.waitFor();
    await row.getByText("published").waitFor();
    await row.getByRole("link", { name: "Live article" }).waitFor();
    await screen("5-posts");
    // Nothing scheduled yet: the tab's empty state, with its illustration.
    await app().getByRole("tab", { name: "Scheduled" }).click();
    await emptyStateShown("No posts here yet");
    await screen("5-posts-scheduled");

    expect(external).toEqual([]);
    expect(problems).toEqual([]);
  }, 180_000);

  it("sets the store's Brand voice from a preset, and shows it in plain words with an example", async () => {
    const earlier = problems.length;
    await page.goto(preview.adminUrl("/app/voice"));
    await app()
      .getByText("No voice yet. Read it from your published articles, or start from a preset.")
      .waitFor({ timeout: 60_000 });
    await app().getByLabel("Preset").selectOption({ label: "Founder's notes" });
    await app().getByRole("button", { name: "Use preset" }).click();
    await toast("Preset applied").waitFor();
    await app().getByText("From a preset.").waitFor();
    await app().getByText("An example in this voice").waitFor();
    await currentNavItem("Brand voice");
    await screen("14-brand-voice");
    expect(external).toEqual([]);
    expect(problems.slice(earlier)).toEqual([]);
  }, 120_000);

  it("makes a plan on the Free plan paused, saying why and offering the upgrade", async () => {
    await page.goto(preview.adminUrl("/app/autopilot"));
    await emptyStateShown("No plans yet");
    await screen("6-autopilot-no-plans");
    await app().getByLabel("Name").fill("Candle care", { timeout: 60_000 });
    await app().getByRole("button", { name: "Create plan" }).click();
    await app().getByText("This plan is paused", { exact: true }).waitFor();
    // The plan's own page is under Autopilot in the admin's navigation.
    await currentNavItem("Autopilot");
    await app()
      .getByText(
        "Autopilot runs on the Starter plan and above, so this plan is paused. Upgrade to let it write and publish.",
      )
      .waitFor();
    // Resume cannot work on Free: the upgrade is offered in its place.
    const seePlans = app().getByRole("link", { name: "See plans" }).first();
    await seePlans.waitFor();
    expect(await seePlans.getAttribute("href")).toMatch(/^\/app\/plans\b/);
    expect(await app().getByRole("button", { name: "Resume" }).count()).toBe(0);
    expect(problems).toEqual([]);
  }, 120_000);

  it("shows the current plan, and a paid plan goes through Shopify's confirmation in the whole window and back", async () => {
    await page.goto(preview.adminUrl("/app/plans"));
    const card = (name: string) => app().getByRole("group", { name: `${name} plan` });
    await card("Free").getByText("Current plan").waitFor({ timeout: 60_000 });
    await screen("7-plans");

    await app().getByRole("button", { name: "Choose Starter (monthly)" }).click();
    // Shopify's confirmation page replaces the admin (not the app's frame), as App Bridge opens it.
    await page.getByRole("button", { name: "Approve" }).click();
    // Back in admin, on the app's Plans page, on the plan just approved.
    await card("Starter (monthly)").getByText("Current plan").waitFor({ timeout: 60_000 });
    expect(page.url()).toMatch(/\/store\/[^/]+\/apps\/[^/]+\/app\/plans\?charge_id=/);
    expect(await card("Free").count()).toBe(0);
    expect(external).toEqual([]);
    // The browser logs the 401 that carries the confirmation address (the answer App Bridge follows); nothing else.
    const redirectAnswer = "Failed to load resource: the server responded with a status of 401 (Unauthorized)";
    expect(problems.filter((problem) => !problem.endsWith(`console: ${redirectAnswer}`))).toEqual([]);
  }, 120_000);
  // On Starter (chosen just above, as a merchant does), a new plan runs: its titles get slots.
  it("shows a plan's titles on a month calendar, the view and month kept in the address", async () => {
    const earlier = problems.length; // the Plans case's expected 401 stays in its own account
    await page.goto(preview.adminUrl("/app/autopilot"));
    await app().getByLabel("Name").fill("Candle guides", { timeout: 60_000 });
    await app().getByRole("button", { name: "Create plan" }).click();
    await app().getByLabel("Title").fill("Soy or paraffin wax?");
    await app().getByLabel("Keywords").fill("soy wax");
    await app().getByRole("button", { name: "Add title" }).click();
    await app().getByText("Soy or paraffin wax?").waitFor();
    await screen("6-autopilot");
    // The list says when the title is published: "Slot: Wed 25 Nov 2026, 09:00".
    const slot = await app().getByText("Slot: ").innerText();
    const [, day = "", time = ""] = /(\d+ \w+ \d{4}), (\d\d:\d\d)/.exec(slot) ?? [];
    // At the plan's 09:00 in the store's zone (Kolkata), not the browser's hour for that moment (19:30 or 20:30).
    expect(time).toBe("09:00");
    await app().getByRole("tab", { name: "Calendar" }).click();
    await app().getByRole("tab", { name: "Calendar", selected: true }).waitFor();
    const frameUrl = new URL(page.frame({ name: "app-iframe" })?.url() ?? "");
    expect([frameUrl.searchParams.get("view"), frameUrl.searchParams.get("shop")]).toEqual(["calendar", preview.shop]);
    // Opened afresh at the slot's month (today's may be the one before), the title is there with its time and status.
    const month = new Date(`${day} UTC`).toISOString().slice(0, 7);
    await page.goto(preview.adminUrl(`${frameUrl.pathname}?view=calendar&month=${month}`));
    const entry = app().getByRole("listitem").filter({ hasText: "Soy or paraffin wax?" });
    await entry.filter({ hasText: "Planned" }).filter({ hasText: time }).waitFor();
    await app().getByText("Times are in Asia/Kolkata, the plan's time zone.").waitFor();
    expect(problems.slice(earlier)).toEqual([]);
  }, 120_000);

  it("refreshes an old article: the proposal change by change, one left out, published in place, restored", async () => {
    const earlier = problems.length;
    const articleId = await oldArticle("Best Candle Scents of 2024", "best-candle-scents");
    const shop = preview.fake.shop(preview.shop);
    const before = structuredClone(shop.article(articleId)!);

    await page.goto(preview.adminUrl("/app/your-posts"));
    await app().getByRole("heading", { name: "Your posts" }).waitFor({ timeout: 60_000 });
    await app().getByText("Best Candle Scents of 2024").waitFor();
    await screen("8-your-posts");

    await app().getByRole("button", { name: "Refresh Best Candle Scents of 2024" }).click();
    await app().getByRole("heading", { name: "Refresh an article" }).waitFor({ timeout: 60_000 });
    // The refresh is proposed from Your posts and sits under it: admin's navigation shows Your posts as current.
    expect(new URL(appFrame().url()).pathname).toMatch(/^\/app\/your-posts\/refreshes\/\d+$/);
    await currentNavItem("Your posts");
    await app().getByText("Score now").waitFor();
    expect(shop.article(articleId)).toEqual(before); // nothing written by proposing
    const publishAll = app().getByRole("button", { name: /^Publish to store \(\d+ changes\)$/ });
    const all = Number(/\((\d+) changes\)/.exec(await publishAll.innerText())![1]);
    expect(all).toBeGreaterThan(2);
    await screen("9-refresh-proposal");

    // The title keeps its year: its change is left out, and the score is computed again for the rest.
    await app().getByRole("checkbox", { name: "Title", exact: true }).uncheck();
    const publishSome = app().getByRole("button", { name: `Publish to store (${all - 1} changes)` });
    await publishSome.click();
    await toast("Published to your store: the same article, at the same address").waitFor();
    await app().getByRole("button", { name: "Restore previous version" }).waitFor();
    const after = shop.article(articleId)!;
    expect(after).toMatchObject({ id: before.id, handle: before.handle, title: before.title });
    expect(after.body).not.toBe(before.body);
    await screen("10-refresh-published");

    await app().getByRole("button", { name: "Restore previous version" }).click();
    await toast("Previous version restored").waitFor();
    await app()
      .getByText(/The previous version was restored/)
      .waitFor();
    expect(shop.article(articleId)).toMatchObject({ id: before.id, handle: before.handle, body: before.body });

    // An article edited on the store after its proposal: refused, nothing written, the way back offered.
    const giftsId = await oldArticle("Candle Gifts of 2023", "candle-gifts");
    await page.goto(preview.adminUrl("/app/your-posts"));
    await app().getByRole("button", { name: "Refresh Candle Gifts of 2023" }).click();
    await app().getByRole("heading", { name: "Refresh an article" }).waitFor({ timeout: 60_000 });
    await shop.updateArticle(giftsId, { title: "Candle Gifts, edited by hand" } as never, null, async () => null);
    const edited = structuredClone(shop.article(giftsId)!);
    await app()
      .getByRole("button", { name: /^Publish to store/ })
      .click();
    await app()
      .getByText(/This post changed on your site after the refresh was proposed/)
      .waitFor();
    await app().getByRole("link", { name: "Back to Your posts" }).waitFor();
    expect(shop.article(giftsId)).toEqual(edited);
    await screen("11-refresh-article-changed");
    // The browser logs the refusal's 409 (the answer the banner shows); nothing else.
    const refusal = "Failed to load resource: the server responded with a status of 409 (Conflict)";
    expect(problems.slice(earlier).filter((problem) => !problem.endsWith(`console: ${refusal}`))).toEqual([]);
    expect(external).toEqual([]);
  }, 120_000);

  it("connects Search Console through Google in the whole window, shows figures and ideas, and disconnects", async () => {
    const earlier = problems.length;
    const care = `${STORE}/blogs/news/candle-care`;
    const soy = `${STORE}/blogs/news/soy-wax`;
    const text = `<p>${"Trim the wick before you light it, and keep the flame away from drafts. ".repeat(30)}</p>`;
    await intoYourPosts([
      { remoteId: "gid://shopify/Article/901", title: "Candle care", url: care, html: text },
      { remoteId: "gid://shopify/Article/902", title: "Soy wax guide", url: soy, html: text },
    ]);

    await page.goto(preview.adminUrl("/app/your-posts"));
    await app().getByRole("button", { name: "Connect Search Console" }).click({ timeout: 60_000 });
    // Google's consent (the fake approves at once) ran in the whole window; the merchant is back in the app.
    await toast("Search Console connected: your figures are being read").waitFor({ timeout: 30_000 });
    expect(google.requests.some((r) => r.path === "/token")).toBe(true);
    expect(new URL(page.url()).pathname).toMatch(/^\/store\/[^/]+\/apps\/[^/]+\/app\/your-posts$/);
    // No property matched the store's address: the merchant chooses the one that holds it.
    await app().getByText("None of your Search Console properties matches").waitFor();
    await screen("12-search-console-property");
    await app().getByRole("button", { name: "Use this property" }).click();
    await toast("Property chosen: its figures are read now").waitFor();

    // Google's figures, read as the background reader does.
    const periods = searchPeriods(new Date());
    const row = (period: "current" | "previous", url: string, query: string, clicks: number, impressions: number) => ({
      date: periods[period].startDate,
      page: url,
      query,
      clicks,
      impressions,
      position: 5.2,
    });
    google.seedAnalytics(PROPERTY, [
      row("current", care, "candle care", 30, 900),
      row("previous", care, "candle care", 120, 1000),
      row("current", soy, "beeswax candles for allergies", 1, 420),
      row("previous", soy, "beeswax candles for allergies", 0, 300),
    ]);
    const { db, config } = await previewServices();
    const { userId } = await shopAccount(db.prisma);
    const owner = "e2e:search-console";
    const jobs = await claimJobs(db.prisma, SEARCH_CONSOLE_JOB.queue, {
      owner,
      now: new Date(),
      leaseMs: 60_000,
      limit: 10,
      where: (param) => `"userId" = ${param(userId)}`,
    });
    const deps = {
      prisma: db.prisma,
      encryptionKey: config.encryptionKey,
      google: config.google,
      publicUrl: preview.url,
    };
    for (const jobId of jobs) await runSearchConsoleJob(deps, { jobId, owner });

    await page.goto(preview.adminUrl("/app/your-posts"));
    await app()
      .getByText(/Figures read .*; read again every day\./)
      .waitFor({ timeout: 30_000 });
    await app().getByText("Losing visitors").waitFor();
    await app()
      .getByText(/Clicks down 75%/)
      .waitFor();
    await app().getByRole("columnheader", { name: "Clicks (28 days)" }).waitFor();
    await app().getByText("420 impressions (+120 on the 28 days before), 1 clicks, average position 5.2").waitFor();
    await screen("13-search-console-figures");

    // A plan made on the autopilot above takes the idea.
    await app()
      .getByRole("button", { name: /^Add to plan / })
      .click();
    await toast(/^Added to /).waitFor();
    const items = await db.prisma.contentPlanItem.findMany({ where: { plan: { userId } } });
    expect(items.map((i) => i.keywords)).toContainEqual(["beeswax candles for allergies"]);

    await app().getByRole("button", { name: "Disconnect Search Console" }).click();
    await toast("Search Console disconnected").waitFor();
    await app().getByRole("button", { name: "Connect Search Console" }).waitFor();
    expect(google.requests.some((r) => r.path === "/revoke")).toBe(true);
    expect(external).toEqual([]);
    // The browser logs the 401 that carries Google's address (the answer App Bridge follows); nothing else.
    const redirectAnswer = "Failed to load resource: the server responded with a status of 401 (Unauthorized)";
    expect(problems.slice(earlier).filter((problem) => !problem.endsWith(`console: ${redirectAnswer}`))).toEqual([]);
  }, 120_000);
});
