// The embedded Shopify app in a real browser: its built pages inside an admin-like frame, with App Bridge answered by
// a local stand-in (session tokens signed with the app's secret, toasts, the resource picker, the navigation menu)
// and the store played by the fake Admin GraphQL API. A merchant installs the app, writes a post featuring a product
// with an image added to the store's Files, publishes it to a chosen blog, and finds it in the list; an autopilot plan's
// titles show on a month calendar. Any request that reaches no local server fails the test.
import type { BrowserContext, FrameLocator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { APP_BRIDGE_URL, startPreview, type Preview } from "../../shopify-app/preview/start-preview.ts";
import { onePixelPng } from "../fakes/shopify/index.ts";
import { desktopChromeUserAgent, launchBrowser, newBrowserContext, recordPageProblems } from "./support/browser.ts";

let preview: Preview;
let browser: Awaited<ReturnType<typeof launchBrowser>>;
let context: BrowserContext;
let page: Page;
const external: string[] = [];
const problems: string[] = [];

beforeAll(async () => {
  // The page loads exactly what production does; the test answers Shopify's CDN itself.
  preview = await startPreview({ rewriteCdn: false });
  browser = await launchBrowser();
  // The browser in Los Angeles, the store on UTC: times are the store's (and a plan's), never the browser's.
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

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await preview?.close();
});

const app = (): FrameLocator => page.frameLocator('iframe[title="Postwright"]');
const adminNav = (name: string) => page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name });
const toast = (text: string) => page.locator("#admin-toasts").getByText(text);

describe("the Shopify app in Shopify admin", () => {
  it("installs, writes a post featuring a product, publishes it to the chosen blog and lists it", async () => {
    await page.goto(preview.adminUrl("/app"));
    // Installed on first open (session token exchanged for an offline token at the fake store).
    await app().getByRole("heading", { name: "Postwright" }).waitFor({ timeout: 60_000 });
    await app().getByText("posts left this month").waitFor();
    expect(preview.fake.requests.some((r) => r.kind === "oauth" && r.status === 200)).toBe(true);

    // The app's <ui-nav-menu> is the admin's navigation.
    await adminNav("Write a post").click();
    await app().getByRole("heading", { name: "Write a post" }).waitFor();
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

    await app().getByRole("button", { name: "Generate post" }).click();
    const content = app().getByLabel("Content (HTML)");
    await content.waitFor({ timeout: 60_000 }).catch(async (error: unknown) => {
      console.log("APP PAGE:", await app().locator("body").innerText(), problems);
      throw error;
    });
    expect(await content.inputValue()).toContain(
      '<a href="https://preview-store.example/products/lavender-soy-candle">Lavender Soy Candle</a>',
    );
    // The preview has no AI model: the offline writer's draft says so on the post, as on the site.
    await app().getByText("Written without an AI model").waitFor();

    // Publish to the second blog; Shopify admin's toast says it is done.
    await app().getByLabel("Blog").selectOption({ label: "Guides" });
    await app().getByRole("button", { name: "Publish now" }).click();
    await toast("Post published").waitFor();
    const [article] = preview.fake.shop(preview.shop).articles;
    const guides = preview.fake.shop(preview.shop).blogs.find((b) => b.title === "Guides");
    expect(article?.blogId).toBe(guides?.id);
    expect(article?.body).toContain("https://preview-store.example/products/lavender-soy-candle");
    expect(preview.fake.shop(preview.shop).files).toHaveLength(1);
    expect(article?.image).toMatchObject({ altText: "A lavender candle on an oak table" });
    await app().getByRole("button", { name: "Republish" }).waitFor();

    // The schedule field takes the store's time (UTC here), named beside it, not the browser's (Los Angeles).
    await app().getByText("In your store's time zone, UTC (UTC+0).").waitFor();

    await adminNav("Posts").click();
    const row = app().getByRole("row", { name: /scented candle/i });
    await row.waitFor();
    await row.getByText("published").waitFor();
    await row.getByRole("link", { name: "Live article" }).waitFor();

    expect(external).toEqual([]);
    expect(problems).toEqual([]);
  }, 180_000);

  it("shows a plan's titles on a month calendar, the view and month kept in the address", async () => {
    await page.goto(preview.adminUrl("/app/autopilot"));
    await app().getByLabel("Name").fill("Candle guides", { timeout: 60_000 });
    await app().getByRole("button", { name: "Create plan" }).click();
    await app().getByLabel("Title").fill("Soy or paraffin wax?");
    await app().getByLabel("Keywords").fill("soy wax");
    await app().getByRole("button", { name: "Add title" }).click();
    // The list says when the title is published: "Slot: Wed 25 Nov 2026, 09:00".
    const slot = await app().getByText("Slot: ").innerText();
    const [, day = "", time = ""] = /(\d+ \w+ \d{4}), (\d\d:\d\d)/.exec(slot) ?? [];
    await app().getByRole("tab", { name: "Calendar" }).click();
    await app().getByRole("tab", { name: "Calendar", selected: true }).waitFor();
    const frameUrl = new URL(page.frame({ name: "app-iframe" })?.url() ?? "");
    expect([frameUrl.searchParams.get("view"), frameUrl.searchParams.get("shop")]).toEqual(["calendar", preview.shop]);
    // Opened afresh at the slot's month (today's may be the one before), the title is there with its time and status.
    const month = new Date(`${day} UTC`).toISOString().slice(0, 7);
    await page.goto(preview.adminUrl(`${frameUrl.pathname}?view=calendar&month=${month}`));
    const entry = app().getByRole("listitem").filter({ hasText: "Soy or paraffin wax?" });
    await entry.filter({ hasText: "Planned" }).filter({ hasText: time }).waitFor();
    expect(problems).toEqual([]);
  }, 120_000);
});
