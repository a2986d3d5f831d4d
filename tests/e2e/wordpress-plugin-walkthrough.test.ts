// The WordPress plugin walked through as a site owner meets it, each main screen kept as a screenshot
// (test-results/e2e/wordpress-plugin-walkthrough-test-ts/screens/) and checked with axe-core (no serious or critical violation
// in the plugin's own parts); a console error or an uncaught exception on any of them fails the walk. From the Plugins
// screen (Settings link, the notice after activation), through connecting, writing and the review (grouped SEO checks,
// the schedule picker in the site's zone), to "Create draft", which opens the draft in the block editor with the
// Postwright sidebar beside it.
import type { Locator, Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import type { WordPressSite } from "../support/wordpress/start-wordpress.ts";
import { useE2E } from "./support/e2e.ts";
import {
  keepWordPressScreen,
  logIntoWordPress,
  openSchedulePicker,
  pluginAccessibilityProblems,
  pluginApp,
  useWordPressWithPlugin,
} from "./support/wordpress-plugin.ts";
import { newPerson, shows, signUpThroughApi, type Person } from "./support/ui.ts";

let wordpress: WordPressSite;
const wordpressStarted = useWordPressWithPlugin();
const e2e = useE2E({ timezoneId: "America/New_York" });
let owner: Person;

beforeAll(async () => {
  wordpress = await wordpressStarted();
  await wordpress.php(`
    update_option( 'postwright_service_url', ${JSON.stringify(e2e.site.url)} );
    update_option( 'blogname', 'Linen & Loom' );
    update_option( 'timezone_string', 'Europe/Berlin' );
    update_option( 'time_format', 'H:i' );
  `);
  owner = newPerson("Wanda", "Walker");
  const other = await e2e.newPage();
  await signUpThroughApi(other, e2e.site.url, owner);
  await other.context().close();
}, 600_000);

/** Console errors and uncaught exceptions, of every page of the walk. */
const problems: string[] = [];
function watch(page: Page): void {
  page.on("pageerror", (error) => problems.push(`[${page.url()}] uncaught: ${error.message}`));
  page.on("console", (message) => {
    // Requests to the internet (WordPress's news and avatars) are blocked on purpose in these tests.
    if (message.type() === "error" && !message.text().includes("ERR_BLOCKED_BY_CLIENT"))
      problems.push(`[${page.url()}] console: ${message.text()}`);
  });
}

/** The width a field takes on the screen, in CSS pixels. */
const widthOf = async (field: Locator): Promise<number> => (await field.boundingBox())!.width;

/** Keeps the screen and checks the plugin's parts of it. */
async function screen(page: Page, name: string, include: string[]): Promise<void> {
  await keepWordPressScreen(page, "wordpress-plugin-walkthrough-test-ts", name);
  expect(await pluginAccessibilityProblems(page, include), name).toEqual([]);
}

describe("the plugin, screen by screen", () => {
  it("goes from the Plugins screen through connecting, writing and the review to the draft in the block editor", async () => {
    const { page } = e2e;
    watch(page);
    await page.setViewportSize({ width: 1440, height: 900 });
    await logIntoWordPress(page, wordpress);

    // The Plugins screen: a Settings link beside the plugin, and the notice pointing to the connection.
    await page.goto(`${wordpress.url}/wp-admin/plugins.php`);
    const row = page.locator('tr[data-slug="postwright"]');
    await expect
      .poll(() => row.getByRole("link", { name: "Settings" }).getAttribute("href"))
      .toContain("admin.php?page=postwright");
    const notice = page.locator(".postwright-connect-notice");
    await shows(notice.getByRole("link", { name: "Connect to Postwright" }));
    await screen(page, "1-plugins", [".postwright-connect-notice", 'tr[data-slug="postwright"]']);
    // Dismissed, it stays away on the next screen.
    await notice.getByRole("button", { name: /Dismiss/ }).click();
    await expect
      .poll(() =>
        wordpress.php(
          `echo get_user_meta( get_user_by( 'login', ${JSON.stringify(wordpress.adminUser)} )->ID, 'postwright_connect_notice_dismissed', true );`,
        ),
      )
      .toBe("1");
    await page.goto(`${wordpress.url}/wp-admin/index.php`);
    await shows(page.getByRole("heading", { name: "Dashboard", level: 1 }));
    expect(await page.locator(".postwright-connect-notice").count()).toBe(0);

    // The plugin's page, not connected: the service address waits under Advanced.
    await page.goto(`${wordpress.url}/wp-admin/admin.php?page=postwright`);
    const app = pluginApp(page);
    await shows(app.getByText("This site is not connected to Postwright."));
    expect(await app.getByLabel("Postwright service address").count()).toBe(0);
    await screen(page, "2-not-connected", ["#postwright-admin-root"]);

    // Connecting: approve on the service, back with a code.
    await app.getByRole("button", { name: "Connect to Postwright" }).click();
    await page.getByRole("button", { name: "Log in" }).click();
    await page.getByLabel("Email", { exact: true }).fill(owner.email);
    await page.getByLabel("Password", { exact: true }).fill(owner.password);
    await page.getByRole("button", { name: "Sign In" }).click();
    await page.getByRole("button", { name: "Approve" }).click();
    await page.waitForURL(`${wordpress.url}/wp-admin/admin.php?page=postwright*`);
    await shows(app.getByText(`Connected to Postwright as ${owner.email}.`));
    await screen(page, "3-connected", ["#postwright-admin-root"]);
    // The form's fields are sized like WordPress's own settings fields, not stretched across the card.
    expect(await widthOf(app.getByLabel("Title", { exact: true }))).toBeLessThanOrEqual(640);

    // Writing, then the review: the post typeset, the checks grouped under the score, in view when it arrives.
    await app.getByLabel("Title", { exact: true }).fill("How to wash linen sheets");
    await app.getByLabel("Keywords (separated by commas)").fill("wash linen sheets, linen care");
    await app.getByRole("button", { name: "Generate post" }).click();
    const heading = app.getByRole("heading", { name: "Review and publish" });
    await shows(heading);
    await expect
      .poll(() =>
        heading.evaluate(
          (element) =>
            (element as unknown as { ownerDocument: { activeElement: unknown } }).ownerDocument.activeElement ===
            element,
        ),
      )
      .toBe(true);
    await expect.poll(() => heading.evaluate((element) => element.getBoundingClientRect().top)).toBeLessThan(450);
    await shows(app.getByText(/SEO score: \d+\/100/));
    await shows(app.getByRole("button", { name: /^Good results \(\d+\)$/ }));
    expect(await app.getByRole("article", { name: "Preview" }).locator("h2").count()).toBeGreaterThan(0);
    expect(await app.locator("iframe").count()).toBe(0);
    await screen(page, "4-review", ["#postwright-admin-root"]);

    // The schedule picker, in the site's zone.
    const picker = await openSchedulePicker(page);
    await shows(picker.getByText(/^Times are in the site’s time zone \(UTC\+[12]\)\.$/));
    await screen(page, "5-schedule-picker", ["#postwright-admin-root", ".postwright-schedule__picker"]);
    await page.keyboard.press("Escape");

    // Create draft: the draft opens in the block editor, as blocks, with the Postwright sidebar beside it.
    await app.getByRole("button", { name: "Create draft" }).click();
    await page.waitForURL(/\/wp-admin\/post\.php\?post=\d+&action=edit&postwright=review/);
    await page
      .getByRole("dialog")
      .getByRole("button", { name: "Close" })
      .click({ timeout: 10_000 })
      .catch(() => {});
    const sidebar = page.getByRole("region", { name: "Editor settings" });
    await shows(sidebar.getByText(/SEO score: \d+\/100/));
    await shows(sidebar.getByRole("button", { name: "Publish now" }));
    const canvas = page.frameLocator('iframe[name="editor-canvas"]');
    await shows(canvas.getByRole("document", { name: /Block: Heading/ }).first());
    await screen(page, "6-block-editor", [".interface-complementary-area"]);

    // Brand voice, its own entry in the menu for the site's administrators: a preset picked and saved, shown in
    // plain words.
    await page.goto(`${wordpress.url}/wp-admin/admin.php?page=postwright`);
    await page.locator("#adminmenu").getByRole("link", { name: "Brand voice" }).click();
    await page.waitForURL(/admin\.php\?page=postwright-brand-voice/);
    const voice = pluginApp(page);
    await shows(voice.getByText("No voice yet. Read it from your published posts, or start from a preset."));
    await voice.getByLabel("Preset").selectOption({ label: "Founder's notes" });
    await voice.getByRole("button", { name: "Use preset" }).click();
    await shows(voice.getByText("From a preset."));
    await shows(voice.getByRole("list", { name: "Your voice" }));
    // The voice in the window, from the tabs down.
    await voice.getByRole("tab", { name: "Brand voice" }).evaluate((tab) => {
      const view = (tab as unknown as { ownerDocument: { defaultView: { scrollBy(x: number, y: number): void } } })
        .ownerDocument.defaultView;
      view.scrollBy(0, tab.getBoundingClientRect().top - 48);
    });
    await screen(page, "7-brand-voice", ["#postwright-admin-root"]);
    // The preset's list is as wide as a WordPress settings field, not the whole card; so are the choices when editing,
    // the words per sentence are a short number field, and the lines of text are at a reading measure.
    const preset = voice.getByLabel("Preset");
    expect(await widthOf(preset)).toBeLessThanOrEqual(400);
    await voice.getByRole("button", { name: "Edit voice" }).click();
    const form = voice.getByRole("form", { name: "Edit voice" });
    const choices = await form.getByRole("combobox").all();
    expect(choices).toHaveLength(4);
    for (const choice of choices) expect(await widthOf(choice)).toBeLessThanOrEqual(400);
    expect(await widthOf(form.getByLabel("Words per sentence"))).toBeLessThanOrEqual(160);
    expect(await widthOf(form.getByLabel("Your last line (optional)"))).toBeLessThanOrEqual(640);
    await form.scrollIntoViewIfNeeded();
    await screen(page, "8-brand-voice-edit", ["#postwright-admin-root"]);
    // On a phone's width, each field takes the card's width.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect.poll(() => widthOf(form)).toBeLessThan(400);
    const cardWidth = await widthOf(form);
    for (const field of [preset, ...choices, form.getByLabel("Your last line (optional)")]) {
      expect(Math.abs((await widthOf(field)) - cardWidth)).toBeLessThanOrEqual(1);
    }
    await preset.scrollIntoViewIfNeeded();
    await screen(page, "9-brand-voice-narrow", ["#postwright-admin-root"]);
    await page.setViewportSize({ width: 1440, height: 900 });

    expect(problems).toEqual([]);
  }, 300_000);
});
