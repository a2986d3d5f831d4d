// A smoke run of the plugin on WordPress 6.8, the oldest WordPress its scripts run on (the full browser run uses the
// current release, 7.1): the release zip installed the way wp-admin's upload does, the site connected through the
// service's redirect, and a post written from the block editor's sidebar, with no script error on either screen.
import { beforeAll, describe, expect, it } from "vitest";
import { WORDPRESS_TEST_SITE_TITLE, type WordPressSite } from "../support/wordpress/start-wordpress.ts";
import { useE2E } from "./support/e2e.ts";
import { logIntoWordPress, pluginApp, useWordPressWithPlugin } from "./support/wordpress-plugin.ts";
import { newPerson, shows, signUpThroughApi, type Person } from "./support/ui.ts";

let wordpress: WordPressSite;
const wordpressStarted = useWordPressWithPlugin({ version: "6.8" });
const e2e = useE2E();
let owner: Person;

beforeAll(async () => {
  wordpress = await wordpressStarted();
  await wordpress.php(`update_option( 'postwright_service_url', ${JSON.stringify(e2e.site.url)} );`);
  owner = newPerson("Sam", "Smoke");
  const other = await e2e.newPage();
  await signUpThroughApi(other, e2e.site.url, owner);
  await other.context().close();
}, 600_000);

describe("The Postwright plugin on WordPress 6.8", () => {
  it("runs on WordPress 6.8", async () => {
    expect(wordpress.version).toBe("6.8");
    expect(await wordpress.php("echo get_bloginfo( 'version' );")).toMatch(/^6\.8(\.|$)/);
  });

  it("connects through the service and writes into a post from the block editor's sidebar", async () => {
    const { page } = e2e;
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    await logIntoWordPress(page, wordpress);
    await page.goto(`${wordpress.url}/wp-admin/admin.php?page=postwright`);
    await shows(pluginApp(page).getByText("This site is not connected to Postwright."));
    await pluginApp(page).getByRole("button", { name: "Connect to Postwright" }).click();
    const host = new URL(wordpress.url).host;
    await page.getByRole("button", { name: "Log in" }).click();
    await page.getByLabel("Email", { exact: true }).fill(owner.email);
    await page.getByLabel("Password", { exact: true }).fill(owner.password);
    await page.getByRole("button", { name: "Sign In" }).click();
    await shows(
      page.getByRole("heading", { name: `Connect ${WORDPRESS_TEST_SITE_TITLE} to your Postwright account?` }),
    );
    // The approval names the site by its title and shows the address it connects.
    await shows(page.getByText(host));
    await page.getByRole("button", { name: "Approve" }).click();
    await page.waitForURL(`${wordpress.url}/wp-admin/admin.php?page=postwright*`);
    await shows(pluginApp(page).getByText(`Connected to Postwright as ${owner.email}.`));

    await page.goto(`${wordpress.url}/wp-admin/post-new.php`);
    const welcome = page.getByRole("dialog").getByRole("button", { name: "Close" });
    await welcome.click({ timeout: 10_000 }).catch(() => {});
    const canvas = page.frameLocator('iframe[name="editor-canvas"]');
    await canvas.getByRole("textbox", { name: "Add title" }).fill("Drying linen outdoors");
    await page.getByRole("button", { name: "Postwright", exact: true }).click();
    const sidebar = page.getByRole("region", { name: "Editor settings" });
    await sidebar.getByLabel("Keywords (separated by commas)").fill("drying linen");
    await sidebar.getByRole("button", { name: "Generate into this post" }).click();
    await shows(sidebar.getByText(/SEO score: \d+\/100/));
    await shows(canvas.getByRole("document", { name: /Block: Heading/ }));
    expect(errors).toEqual([]);
  });
});
