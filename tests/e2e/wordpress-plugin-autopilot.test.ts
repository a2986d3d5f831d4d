// The WordPress plugin's Autopilot tab as a site owner uses it, against the real Postwright service: the plugin built
// into its release zip and installed in a real WordPress 6.8; the service (the Express API with the built client, its
// embedded database and the offline writer) on another loopback port. The site connects, builds a content plan from
// the plugin's page, adds a title, and sees it listed with its slot and on the calendar; the service holds the plan
// for this site.
import { beforeAll, describe, expect, it } from "vitest";
import { WORDPRESS_TEST_SITE_TITLE, type WordPressSite } from "../support/wordpress/start-wordpress.ts";
import { useE2E } from "./support/e2e.ts";
import { keepWordPressScreen, logIntoWordPress, pluginApp, useWordPressWithPlugin } from "./support/wordpress-plugin.ts";
import { newPerson, shows, signUpThroughApi, type Person } from "./support/ui.ts";

/** The plan screens' screenshots: test-results/e2e/<this>/screens/. */
const SCREENS = "wordpress-plugin-autopilot";

let wordpress: WordPressSite;
const wordpressStarted = useWordPressWithPlugin();

const e2e = useE2E();

/** The owner of the Postwright account the site connects to. */
let owner: Person;

beforeAll(async () => {
  wordpress = await wordpressStarted();
  await wordpress.php(`update_option( 'postwright_service_url', ${JSON.stringify(e2e.site.url)} );`);
  owner = newPerson("Ada", "Autopilot");
  const other = await e2e.newPage();
  await signUpThroughApi(other, e2e.site.url, owner);
  await other.context().close();
  // The autopilot runs on Starter and above (a free account's plan is made paused, waiting for the upgrade).
  await e2e.site.server.db.prisma.user.update({
    where: { email: owner.email },
    data: { subscriptionPlan: "starter", subscriptionStatus: "active" },
  });
}, 600_000);

describe("The plugin's Autopilot tab, with the Postwright service", () => {
  it("connects, builds a plan from the plugin's page, adds a title and shows it with its slot, listed and on the calendar", async () => {
    const { page } = e2e;
    await logIntoWordPress(page, wordpress);
    await page.goto(`${wordpress.url}/wp-admin/admin.php?page=postwright`);
    await pluginApp(page).getByRole("button", { name: "Connect to Postwright" }).click();
    const host = new URL(wordpress.url).host;
    await shows(page.getByRole("heading", { name: `Connect ${WORDPRESS_TEST_SITE_TITLE} to Postwright` }));
    await page.getByRole("button", { name: "Log in" }).click();
    await page.getByLabel("Email", { exact: true }).fill(owner.email);
    await page.getByLabel("Password", { exact: true }).fill(owner.password);
    await page.getByRole("button", { name: "Sign In" }).click();
    await shows(
      page.getByRole("heading", { name: `Connect ${WORDPRESS_TEST_SITE_TITLE} to your Postwright account?` }),
    );
    await shows(page.getByText(host));
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
      plans: Array<{ name: string; platform: string; connectionId: number | null; counts: Record<string, number> }>;
    };
    expect(plans.plans).toEqual([expect.objectContaining({ name: "Linen journal", platform: "wordpress" })]);
    expect(plans.plans[0]!.connectionId).not.toBeNull();
    // Its one title: still planned, or already being written for its slot tomorrow (the autopilot may have got to it).
    const { counts } = plans.plans[0]!;
    expect(Object.values(counts).reduce((sum, n) => sum + n, 0)).toBe(1);
    expect((counts.planned ?? 0) + (counts.preparing ?? 0) + (counts.to_review ?? 0)).toBe(1);
  });

  it("builds a plan of a site set to a fixed offset (UTC+5:30) in that offset, and shows its slot on that clock", async () => {
    const { page } = e2e;
    // Settings > General "UTC+5:30": no city, only the offset (WordPress reports it as "+05:30").
    const before = await wordpress.php(
      `echo wp_json_encode( array( get_option( 'timezone_string' ), get_option( 'gmt_offset' ) ) );`,
    );
    await wordpress.php(`update_option( 'timezone_string', '' ); update_option( 'gmt_offset', 5.5 );`);
    try {
      await logIntoWordPress(page, wordpress);
      await page.goto(`${wordpress.url}/wp-admin/admin.php?page=postwright&tab=autopilot`);
      const app = pluginApp(page);
      await app.getByRole("button", { name: "Create a plan" }).click();
      await shows(app.getByText("Time zone: UTC+5:30"));
      await app.getByLabel("Plan name").fill("Monsoon journal");
      await app.getByRole("button", { name: "Create plan" }).click();
      await shows(app.getByRole("heading", { name: "Monsoon journal" }));
      await shows(app.getByText("Mon, Wed, Fri at 09:00 (UTC+5:30)"));

      await app.getByLabel("New title").fill("Drying linen in the rains");
      await app.getByLabel("Its keywords (separated by commas)").fill("drying linen");
      await app.getByRole("button", { name: "Add title" }).click();
      const row = app.getByRole("row").filter({ hasText: "Drying linen in the rains" });
      // Its slot at 09:00 on the site's clock, whatever the browser's zone.
      await shows(row.getByText(/(Mon|Wed|Fri).*09:00/));
      await keepWordPressScreen(page, SCREENS, "offset-plan-list");
      await app.getByRole("tab", { name: "Calendar" }).click();
      await shows(app.getByText("Times are in UTC+5:30, the plan’s time zone."));
      const day = app.getByRole("cell").filter({ hasText: "Drying linen in the rains" });
      if ((await day.count()) === 0) await app.getByRole("button", { name: "Next month" }).click();
      await shows(day.getByText("09:00"));
      await keepWordPressScreen(page, SCREENS, "offset-plan-calendar");

      // The service holds the plan in the site's offset.
      const signedIn = await page.request.post(`${e2e.site.url}/api/auth/login`, {
        data: { email: owner.email, password: owner.password },
      });
      expect(signedIn.status()).toBe(200);
      const plans = (await (await page.request.get(`${e2e.site.url}/api/content-plans`)).json()) as {
        plans: Array<{ name: string; cadence: { timeZone: string } }>;
      };
      expect(plans.plans.find((plan) => plan.name === "Monsoon journal")?.cadence.timeZone).toBe("+05:30");
    } finally {
      const [zone, offset] = JSON.parse(before) as [string, string | number];
      await wordpress.php(
        `update_option( 'timezone_string', ${JSON.stringify(zone)} ); update_option( 'gmt_offset', ${JSON.stringify(offset)} );`,
      );
    }
  });
});
