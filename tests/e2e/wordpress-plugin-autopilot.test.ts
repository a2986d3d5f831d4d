// The WordPress plugin's Autopilot tab as a site owner uses it, against the real Postwright service: the plugin built
// into its release zip and installed in a real WordPress 6.8; the service (the Express API with the built client, its
// embedded database and the offline writer) on another loopback port. The site connects, builds a content plan from
// the plugin's page, adds a title, and sees it listed with its slot and on the calendar; the service holds the plan
// for this site.
import { execFile } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startWordPress, type WordPressSite } from "../support/wordpress/start-wordpress.ts";
import { useE2E } from "./support/e2e.ts";
import { newPerson, shows, signUpThroughApi, type Person } from "./support/ui.ts";

const run = promisify(execFile);
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const zip = path.join(repoRoot, "wp-plugin/dist/postwright.zip");

let wordpress: WordPressSite;
let starting: Promise<WordPressSite>;
beforeAll(() => {
  // The release zip is built first, then WordPress starts alongside the service below.
  starting = run("npm", ["run", "zip", "-w", "wp-plugin"], { cwd: repoRoot, timeout: 300_000 }).then(() =>
    startWordPress({ pluginZips: [zip] }),
  );
  starting.catch(() => {});
}, 600_000);
afterAll(async () => {
  const started = await starting?.catch(() => undefined);
  await started?.stop();
});

const e2e = useE2E();

/** The owner of the Postwright account the site connects to. */
let owner: Person;

beforeAll(async () => {
  wordpress = await starting;
  await wordpress.php(`update_option( 'postwright_service_url', ${JSON.stringify(e2e.site.url)} );`);
  owner = newPerson("Ada", "Autopilot");
  const other = await e2e.newPage();
  await signUpThroughApi(other, e2e.site.url, owner);
  await other.context().close();
}, 600_000);

async function logIntoWordPress(page: Page) {
  await page.goto(`${wordpress.url}/wp-login.php`);
  await page.locator("#user_login").fill(wordpress.adminUser);
  await page.locator("#user_pass").fill(wordpress.adminPassword);
  await page.locator("#wp-submit").click();
  await page.waitForURL(/wp-admin/);
}

const pluginApp = (page: Page) => page.locator("#postwright-admin-root");

describe("The plugin's Autopilot tab, with the Postwright service", () => {
  it("connects, builds a plan from the plugin's page, adds a title and shows it with its slot, listed and on the calendar", async () => {
    const { page } = e2e;
    await logIntoWordPress(page);
    await page.goto(`${wordpress.url}/wp-admin/admin.php?page=postwright`);
    await pluginApp(page).getByRole("button", { name: "Connect to Postwright" }).click();
    const host = new URL(wordpress.url).host;
    await shows(page.getByRole("heading", { name: `Connect ${host} to Postwright` }));
    await page.getByRole("button", { name: "Log in" }).click();
    await page.getByLabel("Email", { exact: true }).fill(owner.email);
    await page.getByLabel("Password", { exact: true }).fill(owner.password);
    await page.getByRole("button", { name: "Sign In" }).click();
    await page.getByRole("button", { name: "Approve" }).click();
    await page.waitForURL(`${wordpress.url}/wp-admin/admin.php?page=postwright*`);
    await shows(pluginApp(page).getByText(`Connected to Postwright as ${owner.email}.`));

    const app = pluginApp(page);
    await app.getByRole("tab", { name: "Autopilot" }).click();
    await shows(app.getByText("No content plans yet. Create one to publish on a schedule."));
    await app.getByRole("button", { name: "Create a plan" }).click();
    // WordPress's default time zone is UTC, shown with the publishing time.
    await shows(app.getByText("Time zone: UTC"));
    await app.getByLabel("Plan name").fill("Linen journal");
    await app.getByRole("checkbox", { name: "Saturday" }).check();
    await app.getByLabel("At", { exact: true }).fill("08:15");
    await app.getByRole("button", { name: "Create plan" }).click();

    await shows(app.getByRole("heading", { name: "Linen journal" }));
    await shows(app.getByText("Mon, Wed, Fri, Sat at 08:15 (UTC)"));
    await shows(app.getByText("No titles yet. Add titles below, import a CSV file or ask for ideas."));

    await app.getByLabel("New title").fill("How to wash linen");
    await app.getByLabel("Its keywords (separated by commas)").fill("washing linen, linen care");
    await app.getByRole("button", { name: "Add title" }).click();
    const row = app.getByRole("row").filter({ hasText: "How to wash linen" });
    await shows(row.getByText("Planned"));
    await shows(row.getByText("washing linen, linen care"));
    // It took the plan's first slot: a day of the cadence, at 08:15.
    await shows(row.getByText(/(Mon|Wed|Fri|Sat).*08:15/));

    // The same title on the month calendar, on its slot's day at 08:15; the choice is kept in the page's address.
    await app.getByRole("tab", { name: "Calendar" }).click();
    await shows(app.getByText("Times are in UTC, the plan’s time zone."));
    await expect.poll(() => new URL(page.url()).searchParams.get("view")).toBe("calendar");
    const day = app.getByRole("cell").filter({ hasText: "How to wash linen" });
    // The first slot can fall in the next month (and then not on the current month's last row).
    if ((await day.count()) === 0) await app.getByRole("button", { name: "Next month" }).click();
    await shows(day.getByText("08:15"));
    await shows(day.getByText("Planned"));
    await app.getByRole("tab", { name: "List" }).click();
    await shows(row.getByText("Planned"));

    // Back to the list: the plan is there, active.
    await app.getByRole("button", { name: "← All plans" }).click();
    const listed = app.getByRole("row").filter({ hasText: "Linen journal" });
    await shows(listed.getByText("Active"));

    // The service holds the plan for this site's connection; its owner sees it on the site's own autopilot screen.
    const signedIn = await page.request.post(`${e2e.site.url}/api/auth/login`, {
      data: { email: owner.email, password: owner.password },
    });
    expect(signedIn.status()).toBe(200);
    const plans = (await (await page.request.get(`${e2e.site.url}/api/content-plans`)).json()) as {
      plans: Array<{ name: string; platform: string; connectionId: number | null; counts: { planned: number } }>;
    };
    expect(plans.plans).toEqual([
      expect.objectContaining({
        name: "Linen journal",
        platform: "wordpress",
        counts: expect.objectContaining({ planned: 1 }),
      }),
    ]);
    expect(plans.plans[0]!.connectionId).not.toBeNull();
  });
});
