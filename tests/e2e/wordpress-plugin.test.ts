// The WordPress plugin as a site owner gets it, against the real Postwright service: the plugin built into its release
// zip and installed in a real WordPress (7.1, the current release) the way wp-admin's upload does; the service (the Express API with the
// built client, its embedded database and the offline writer) on another loopback port. The site connects through the
// service's redirect (sign in, or create an account there, approve, back with a one-time code the plugin exchanges
// server to server), writes, drafts, publishes and schedules from the plugin's page and the block editor's sidebar,
// receives the service's signed publication (blocks, featured image, SEO fields), from the dashboard's button and from
// the service's scheduler at a post's time, and everything is read back from WordPress itself.
import type { Locator, Page } from "playwright-core";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { WORDPRESS_APP_ID } from "@postwright/core/connections";
import { instantToZonedTime } from "@postwright/core/scheduling/zoned-time";
import { WORDPRESS_TEST_SITE_TITLE, type WordPressSite } from "../support/wordpress/start-wordpress.ts";
import { tinyPng } from "../support/wordpress/tiny-png.ts";
import { offerStoreApi, withdrawStoreApi } from "../support/wordpress/woocommerce-store-api.ts";
import { useE2E } from "./support/e2e.ts";
import {
  logIntoWordPress,
  openPostwrightSidebar,
  openSchedulePicker,
  pluginApp,
  useWordPressWithPlugin,
} from "./support/wordpress-plugin.ts";
import { logIn as logInToService, newPerson, shows, signUpThroughApi, toast, type Person } from "./support/ui.ts";

let wordpress: WordPressSite;
// The release zip is built first, then WordPress starts alongside the service below.
const wordpressStarted = useWordPressWithPlugin({
  users: [{ username: "reader", role: "subscriber" }],
  // A site with Yoast SEO, as far as the plugin can tell: the SEO fields go to Yoast's post meta.
  muPlugins: { "seo-plugin": "<?php add_filter( 'postwright_seo_plugin', static fn () => 'yoast' );" },
});

// Three clocks that disagree, as they do for a traveller: the browser in Berlin, the WordPress site in Los Angeles
// (Settings > General), the Postwright account in Tokyo. Every time is entered and shown in the zone its screen names.
const browserZone = "Europe/Berlin";
const siteZone = "America/Los_Angeles";
const accountZone = "Asia/Tokyo";
const e2e = useE2E({ timezoneId: browserZone });

/** The owner of the Postwright account the site connects to. */
let owner: Person;

beforeAll(async () => {
  wordpress = await wordpressStarted();
  const servicePort = new URL(e2e.site.url).port;
  // The service runs on plain http on loopback, another port of the same host: WordPress's "safe" requests (used to
  // sideload images) refuse that unless the port is allowed, as a site allows its own private service.
  await wordpress.setMuPlugin(
    "postwright-service-on-loopback",
    `<?php add_filter( 'http_allowed_safe_ports', static fn ( $ports ) => array_merge( (array) $ports, array( ${Number(servicePort)} ) ) );`,
  );
  await wordpress.php(`update_option( 'postwright_service_url', ${JSON.stringify(e2e.site.url)} );`);
  // The site's zone, its 24-hour clock (the date picker then has no AM/PM), and a category to file posts under.
  await wordpress.php(`
    update_option( 'timezone_string', ${JSON.stringify(siteZone)} );
    update_option( 'time_format', 'H:i' );
    wp_insert_term( 'Linen Care', 'category' );
  `);
  owner = newPerson("Olive", "Owner");
  const other = await e2e.newPage();
  await signUpThroughApi(other, e2e.site.url, owner);
  await other.context().close();
}, 600_000);

/**
 * Picks WordPress in the dashboard's publishing platform chooser. The choice lasts for the browser tab, so a page that
 * chose it before still has it, and before any choice it starts on WordPress once the connections have loaded when
 * WordPress is the only one connected: choosing it again would turn it off, so it is chosen until it stays chosen.
 */
async function chooseWordPress(page: Page): Promise<void> {
  const choice = page.getByRole("group", { name: "Publishing platform" }).getByRole("button", { name: /WordPress/ });
  await choice.waitFor({ state: "visible" });
  await vi.waitFor(
    async () => {
      if ((await choice.getAttribute("aria-pressed")) !== "true") await choice.click();
      expect(await choice.getAttribute("aria-pressed")).toBe("true");
    },
    { timeout: 15_000, interval: 500 },
  );
}

const wordpressCard = (page: Page) =>
  page.getByRole("heading", { name: "WordPress Connection", exact: true }).locator("xpath=../..");

interface WordPressPost {
  status: string;
  title: string;
  date: string;
  excerpt: string;
  blocks: string[];
  featuredImage: string;
  featuredAlt: string;
  seo: { title: string; description: string; keyphrase: string };
}

/** A post as WordPress stores it, found by the publication key the plugin keeps on it. */
async function postByKey(key: string): Promise<WordPressPost[]> {
  return JSON.parse(
    await wordpress.php(`
      $posts = get_posts( array( 'post_status' => 'any', 'meta_key' => '_postwright_publication_key', 'meta_value' => ${JSON.stringify(key)} ) );
      echo wp_json_encode( array_map( static function ( $post ) {
        $thumbnail = (int) get_post_thumbnail_id( $post );
        return array(
          'status'        => $post->post_status,
          'title'         => $post->post_title,
          'date'          => get_post_time( 'c', true, $post ),
          'excerpt'       => $post->post_excerpt,
          'blocks'        => array_values( array_unique( array_filter( wp_list_pluck( parse_blocks( $post->post_content ), 'blockName' ) ) ) ),
          'featuredImage' => $thumbnail ? (string) get_post_mime_type( $thumbnail ) : '',
          'featuredAlt'   => $thumbnail ? (string) get_post_meta( $thumbnail, '_wp_attachment_image_alt', true ) : '',
          'seo'           => array(
            'title'       => (string) get_post_meta( $post->ID, '_yoast_wpseo_title', true ),
            'description' => (string) get_post_meta( $post->ID, '_yoast_wpseo_metadesc', true ),
            'keyphrase'   => (string) get_post_meta( $post->ID, '_yoast_wpseo_focuskw', true ),
          ),
        );
      }, $posts ) );
    `),
  ) as WordPressPost[];
}

interface ServicePost {
  id: number;
  title: string;
  seoTitle: string | null;
  metaDescription: string;
  htmlContent: string;
  productCards: unknown[];
}

/**
 * Sets the plugin's date picker (WordPress's DateTimePicker, on the site's 24-hour clock) to a wall-clock
 * "YYYY-MM-DDTHH:MM", field by field as a person would.
 */
async function pickSiteTime(schedule: Locator, wallClock: string): Promise<void> {
  const [, year, month, day, hours, minutes] = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(wallClock)!;
  await schedule.getByRole("combobox", { name: "Month", exact: true }).selectOption(month!);
  for (const [label, value] of [
    ["Day", String(Number(day))],
    ["Year", year!],
    ["Hours", hours!],
    ["Minutes", minutes!],
  ] as const) {
    const field = schedule.getByLabel(label, { exact: true });
    await field.fill(value);
    await field.press("Tab");
  }
}

/** The service's posts of the signed-in account, newest first. */
async function servicePosts(page: Page): Promise<ServicePost[]> {
  const signedIn = await page.request.post(`${e2e.site.url}/api/auth/login`, {
    data: { email: owner.email, password: owner.password },
  });
  expect(signedIn.status(), await signedIn.text()).toBe(200);
  const response = await page.request.get(`${e2e.site.url}/api/blog-posts`);
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as ServicePost[];
}

describe("The Postwright plugin in WordPress, with the Postwright service", () => {
  it("connects the site through the service: sign in, approve, back with a code exchanged server to server", async () => {
    const { page } = e2e;
    await logIntoWordPress(page, wordpress);
    await page.goto(`${wordpress.url}/wp-admin/admin.php?page=postwright`);
    // The app's own text (WordPress also repeats notices in a screen-reader live region).
    await shows(pluginApp(page).getByText("This site is not connected to Postwright."));

    await pluginApp(page).getByRole("button", { name: "Connect to Postwright" }).click();
    // On the service, signed out: sign in, and come back to the same approval.
    const host = new URL(wordpress.url).host;
    await shows(page.getByRole("heading", { name: `Connect ${WORDPRESS_TEST_SITE_TITLE} to Postwright` }));
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

    // Back in WordPress, which exchanged the code with the service and reads the account's plan through it.
    await page.waitForURL(`${wordpress.url}/wp-admin/admin.php?page=postwright*`);
    await shows(pluginApp(page).getByText("This site is now connected to Postwright."));
    await shows(pluginApp(page).getByText(`Connected to Postwright as ${owner.email}.`));
    await shows(pluginApp(page).getByText("Posts left this month: 5 of 5"));
    expect(page.url()).toBe(`${wordpress.url}/wp-admin/admin.php?page=postwright`);
    // The credential stays on the server: neither the page nor the stored option shows it in the clear.
    expect(await page.content()).not.toContain("pwsite_");
    expect(await wordpress.php("echo wp_json_encode( get_option( 'postwright_connection' ) );")).not.toContain(
      "pwsite_",
    );

    // The service's dashboard lists the site as connected through the plugin.
    await page.goto(e2e.site.url);
    await chooseWordPress(page);
    await shows(wordpressCard(page).getByText("Connected via the Postwright plugin"));
    await shows(wordpressCard(page).getByText(wordpress.url));
  });

  it("writes a post with the offline writer, drafts it as blocks in the block editor, and publishes it from there", async () => {
    const { page } = e2e;
    await logIntoWordPress(page, wordpress);
    await page.goto(`${wordpress.url}/wp-admin/admin.php?page=postwright`);
    const app = pluginApp(page);
    await app.getByLabel("Title", { exact: true }).fill("linen care");
    await app.getByLabel("Keywords (separated by commas)").fill("linen care, washing linen");
    await app.getByRole("button", { name: "Suggest titles" }).click();
    const suggestions = app.getByRole("list", { name: "Title suggestions" });
    await shows(suggestions.getByRole("button"));
    const chosen = (await suggestions.getByRole("button").first().innerText()).trim();
    await suggestions.getByRole("button").first().click();
    await expect.poll(() => app.getByLabel("Title", { exact: true }).first().inputValue()).toBe(chosen);
    await app.getByRole("button", { name: "Generate post" }).click();
    await shows(app.getByRole("heading", { name: "Review and publish" }));
    await shows(app.getByText(/SEO score: \d+\/100/));

    await app.getByRole("button", { name: "Create draft" }).click();
    // The draft opens where WordPress owners review posts: the block editor, with the Postwright sidebar beside it.
    await page.waitForURL(/\/wp-admin\/post\.php\?post=\d+&action=edit&postwright=review/);
    await page
      .getByRole("dialog")
      .getByRole("button", { name: "Close" })
      .click({ timeout: 10_000 })
      .catch(() => {});
    const sidebar = page.getByRole("region", { name: "Editor settings" });
    await shows(sidebar.getByText(/SEO score: \d+\/100/));
    const [service] = await servicePosts(page);
    expect(service?.title).toBe(chosen);
    const key = `post-${service?.id}`;
    const [draft] = await postByKey(key);
    expect(draft).toMatchObject({ status: "draft", title: chosen, excerpt: "" });
    expect(draft?.seo.description).toBe(service?.metaDescription);
    // The post keeps the chosen title; the SEO title is the one the service wrote for it.
    expect(draft?.seo.title).toBe(service?.seoTitle);
    expect(draft?.seo.keyphrase).toBe("linen care");
    expect(draft?.blocks).toEqual(expect.arrayContaining(["core/heading", "core/paragraph"]));

    // Published from the sidebar, through the service, as the review would.
    await sidebar.getByRole("button", { name: "Publish now" }).click();
    await shows(sidebar.getByText("Post published."));
    await expect.poll(async () => (await postByKey(key)).map((post) => post.status)).toEqual(["publish"]);

    // The service records the post as published on WordPress.
    const published = (await (await page.request.get(`${e2e.site.url}/api/blog-posts/${service?.id}`)).json()) as {
      status: string;
      publications: Array<{ platform: string; status: string; remoteUrl: string }>;
    };
    expect(published.status).toBe("published");
    expect(published.publications).toEqual([
      expect.objectContaining({
        platform: "wordpress",
        status: "published",
        remoteUrl: expect.stringContaining(wordpress.url),
      }),
    ]);
  });

  it("features a WooCommerce product picked on the plugin's page: searched, picked, and the post written with its card", async () => {
    const { page } = e2e;
    // The site's shop, through the stand-in for WooCommerce's Store API: the plugin offers products to feature.
    await offerStoreApi(wordpress, [
      { id: 41, name: "Linen Apron", price: "32.00", shortDescription: "Stonewashed linen with a deep pocket." },
      { id: 42, name: "Hand Grinder", price: "89.50", inStock: false },
    ]);
    try {
      await logIntoWordPress(page, wordpress);
      await page.goto(`${wordpress.url}/wp-admin/admin.php?page=postwright`);
      const app = pluginApp(page);
      const search = app.getByRole("combobox", { name: "Featured products" });
      await search.click();
      await search.pressSequentially("apron");
      const apron = app.getByRole("option", { name: "Linen Apron (32.00 USD)" });
      await shows(apron);
      expect(await app.getByRole("option", { name: /Hand Grinder/ }).count()).toBe(0);
      await apron.click();
      await shows(app.getByRole("list", { name: "Products to feature" }).getByText("Linen Apron (32.00 USD)"));
      await app.getByRole("checkbox", { name: "Show product cards" }).check();
      await app.getByLabel("Title", { exact: true }).fill("Dressing for the roaster");
      await app.getByLabel("Keywords (separated by commas)").fill("roaster apron");
      await app.getByRole("button", { name: "Generate post" }).click();
      await shows(app.getByRole("heading", { name: "Review and publish" }));

      // The preview shows the card: the product's name linking to its page, its price and stock from the store.
      const preview = app.getByRole("article", { name: "Preview" });
      await shows(preview.getByRole("link", { name: "View product" }).first());
      expect(await preview.getByRole("link", { name: "View product" }).first().getAttribute("href")).toBe(
        `${wordpress.url}/product/linen-apron/`,
      );
      expect(await preview.innerText()).toMatch(/Linen Apron\s+\$32\.00\s+In stock\s+View product/);
      // The service keeps the post with its card, read from the site's store.
      const [service] = await servicePosts(page);
      expect(service?.title).toBe("Dressing for the roaster");
      expect(service?.productCards).toEqual([
        expect.objectContaining({ productId: "woocommerce:41", title: "Linen Apron", price: "32.00", available: true }),
      ]);
      expect(service?.htmlContent).toContain('data-product-id="woocommerce:41"');
    } finally {
      await withdrawStoreApi(wordpress);
    }
  });

  it("refuses to schedule from the plugin's page on the free plan, as the site does, and makes no post", async () => {
    const { page } = e2e;
    await logIntoWordPress(page, wordpress);
    await page.goto(`${wordpress.url}/wp-admin/admin.php?page=postwright`);
    const app = pluginApp(page);
    await app.getByLabel("Title", { exact: true }).fill("Storing linen over winter");
    await app.getByLabel("Keywords (separated by commas)").fill("storing linen");
    await app.getByRole("button", { name: "Generate post" }).click();
    await shows(app.getByRole("heading", { name: "Review and publish" }));

    const schedule = await openSchedulePicker(page);
    await pickSiteTime(schedule, `${new Date().getFullYear() + 1}-06-15T10:00`);
    await schedule.getByRole("button", { name: /^Schedule for / }).click();
    // Said beside the button that asked, in the picker.
    await shows(
      schedule.getByText("Scheduling is available on the Starter plan and above. Upgrade to schedule posts."),
    );
    const [service] = await servicePosts(page);
    expect(service?.title).toBe("Storing linen over winter");
    expect(await postByKey(`post-${service?.id}`)).toEqual([]);
  });

  it("publishes from the service's dashboard through the plugin: blocks, featured image and SEO fields", async () => {
    const { page, site } = e2e;
    await logInToService(page, site.url, owner);
    const uploaded = await page.request.post(`${site.url}/api/images/upload`, {
      multipart: {
        images: { name: "folded-linen.png", mimeType: "image/png", buffer: tinyPng(64, 48, [200, 180, 150]) },
        altTexts: "Folded linen on a shelf",
      },
    });
    expect(uploaded.status(), await uploaded.text()).toBe(200);
    const { images } = (await uploaded.json()) as { images: Array<{ url: string; altText: string }> };
    const title = "Ironing Linen Without the Creases";
    const generated = await page.request.post(`${site.url}/api/blog-posts/generate`, {
      data: { title, keywords: ["ironing linen", "linen creases"], images },
    });
    expect(generated.status(), await generated.text()).toBe(200);
    const [service] = await servicePosts(page);
    expect(service?.title).toBe(title);

    await page.goto(site.url);
    await chooseWordPress(page);
    await page
      .getByRole("tabpanel")
      .getByRole("button", { name: new RegExp(`^${title}`) })
      .click();
    const preview = page.getByRole("region", { name: "Blog Preview" });
    await preview.getByRole("button", { name: "Publish to WordPress" }).click();
    await shows(toast(page, "Published to WordPress!"));

    const [post] = await postByKey(`post-${service?.id}`);
    expect(post).toMatchObject({
      status: "publish",
      title,
      featuredImage: "image/png",
      featuredAlt: "Folded linen on a shelf",
      seo: expect.objectContaining({ description: service?.metaDescription, keyphrase: "ironing linen" }),
    });
    expect(post?.blocks).toEqual(expect.arrayContaining(["core/heading", "core/paragraph"]));
  });

  it("publishes a post scheduled in the service's dashboard through the plugin once its time comes", async () => {
    const { page, site } = e2e;
    // Scheduling is a paid plan's feature (and the free plan's 5 posts a month would not last this file): the owner is
    // on Starter from here on, as a payment would leave them.
    await site.server.db.prisma.user.update({
      where: { email: owner.email },
      data: { subscriptionPlan: "starter", subscriptionStatus: "active", timeZone: accountZone },
    });
    await logInToService(page, site.url, owner);
    const title = "Washing Linen by Hand";
    const generated = await page.request.post(`${site.url}/api/blog-posts/generate`, {
      data: { title, keywords: ["washing linen by hand", "linen detergent"] },
    });
    expect(generated.status(), await generated.text()).toBe(200);
    const [service] = await servicePosts(page);
    expect(service?.title).toBe(title);
    const key = `post-${service?.id}`;

    await page.goto(site.url);
    await chooseWordPress(page);
    await page
      .getByRole("tabpanel")
      .getByRole("button", { name: new RegExp(`^${title}`) })
      .click();
    const preview = page.getByRole("region", { name: "Blog Preview" });
    await preview.getByRole("button", { name: "Schedule", exact: true }).click();
    // The dialog takes a date and a time to the minute, in the account's zone (Tokyo), not the browser's (Berlin): the
    // next minute that leaves time to submit, so the site's own scheduler, which claims due posts every 15 seconds,
    // publishes it soon.
    const due = new Date(Math.ceil((Date.now() + 30_000) / 60_000) * 60_000);
    const dueThere = instantToZonedTime(due, accountZone)!;
    const dialog = page.getByRole("dialog", { name: "Schedule Blog Post" });
    await shows(dialog.getByText(/^Times are in your account.s time zone, Asia\/Tokyo \(UTC\+9\)\./));
    await dialog.getByLabel("Date", { exact: true }).fill(dueThere.slice(0, 10));
    await dialog.getByLabel("Time", { exact: true }).fill(dueThere.slice(11, 16));
    expect(await dialog.getByRole("checkbox", { name: "WordPress", exact: true }).isChecked()).toBe(true);
    await dialog.getByRole("button", { name: "Schedule", exact: true }).click();
    await shows(toast(page, "Post scheduled"));
    await shows(preview.getByText(/^Scheduled for .* on WordPress$/));
    // Stored as the instant the Tokyo wall-clock stands for.
    const stored = (await (await page.request.get(`${site.url}/api/blog-posts/${service?.id}`)).json()) as {
      scheduledPublishDate: string;
    };
    expect(stored.scheduledPublishDate).toBe(due.toISOString());
    // Nothing reaches WordPress before its time.
    expect(await postByKey(key)).toEqual([]);

    await expect
      .poll(async () => (await postByKey(key)).map((post) => post.status), { timeout: 150_000, interval: 2_000 })
      .toEqual(["publish"]);
    const [post] = await postByKey(key);
    expect(post).toMatchObject({
      title,
      seo: expect.objectContaining({ description: service?.metaDescription, keyphrase: "washing linen by hand" }),
    });
    expect(post?.blocks).toEqual(expect.arrayContaining(["core/heading", "core/paragraph"]));
    // Dated when it went out: at its time, not before (WordPress keeps whole seconds).
    expect(new Date(post?.date ?? "").getTime()).toBeGreaterThanOrEqual(due.getTime() - 1_000);

    // The dashboard shows it published on WordPress, and no longer scheduled.
    await expect
      .poll(
        async () => {
          await page.goto(site.url);
          await chooseWordPress(page);
          const tab = page.getByRole("tab", { name: "Published Blogs" });
          await tab.click();
          return page
            .getByRole("tabpanel")
            .getByRole("button", { name: new RegExp(`^${title}`) })
            .count();
        },
        { timeout: 30_000, interval: 1_000 },
      )
      .toBe(1);
    const listed = page.getByRole("tabpanel").getByRole("button", { name: new RegExp(`^${title}`) });
    await shows(listed.getByText("published", { exact: true }));
    await listed.click();
    await shows(preview.getByText("Published", { exact: true }));
    const onWordPress = preview.getByRole("link", { name: /View on WordPress/ });
    expect(await onWordPress.getAttribute("href")).toContain(wordpress.url);
    expect(await preview.getByText(/^Scheduled for /).count()).toBe(0);
    // The post opened on its own page: the dashboard's lists are one step back.
    await page.getByRole("link", { name: "Back to dashboard" }).click();
    await page.getByRole("tab", { name: "Scheduled Posts" }).click();
    await shows(page.getByRole("tabpanel").getByText("No scheduled posts."));

    // Exactly once: the site holds one post with this title, however many times the scheduler ran since.
    expect(
      await wordpress.php(
        `echo count( get_posts( array( 'title' => ${JSON.stringify(title)}, 'post_status' => 'any', 'numberposts' => -1 ) ) );`,
      ),
    ).toBe("1");
  }, 240_000);

  it("schedules from the plugin's page through the service's scheduler, at the site's time, across a clock change", async () => {
    const { page, site } = e2e;
    await logIntoWordPress(page, wordpress);
    await page.goto(`${wordpress.url}/wp-admin/admin.php?page=postwright`);
    const app = pluginApp(page);
    const title = "Drying Linen Outdoors";
    await app.getByLabel("Title", { exact: true }).fill(title);
    await app.getByLabel("Keywords (separated by commas)").fill("drying linen");
    await app.getByRole("button", { name: "Generate post" }).click();
    await shows(app.getByRole("heading", { name: "Review and publish" }));
    await app.getByRole("checkbox", { name: "Linen Care" }).check();

    // 15 March is after the US change to summer time (second Sunday of March): 10:00 in Los Angeles is 17:00 UTC,
    // though today's offset there may be UTC-8, and the browser's clock (Berlin) reads another hour.
    const year = new Date().getFullYear() + 1;
    const schedule = await openSchedulePicker(page);
    await expect.poll(() => schedule.getByText(/^Times are in the site’s time zone \(UTC-[78]\)\.$/).count()).toBe(1);
    await pickSiteTime(schedule, `${year}-03-15T10:00`);
    const first = schedule.getByRole("button", { name: /^Schedule for / });
    expect(await first.innerText()).toMatch(/10:00\s?AM \(UTC-7\)$/);
    await first.click();
    await shows(app.getByText(/^Scheduled for .*10:00\s?AM \(UTC-7\)\. Postwright publishes it on this site then\./));
    const [service] = await servicePosts(page);
    expect(service?.title).toBe(title);
    const key = `post-${service?.id}`;
    const read = async () =>
      (await (await page.request.get(`${site.url}/api/blog-posts/${service?.id}`)).json()) as {
        status: string;
        isScheduled: boolean;
        scheduledPublishDate: string | null;
        publications: Array<{ platform: string; status: string }>;
      };
    // The service holds the schedule, the same state as one made in the dashboard; WordPress holds a draft.
    expect(await read()).toMatchObject({
      status: "scheduled",
      isScheduled: true,
      scheduledPublishDate: `${year}-03-15T17:00:00.000Z`,
    });
    expect((await postByKey(key)).map((post) => post.status)).toEqual(["draft"]);

    // Rescheduled to the next minute that leaves time to submit, in the site's zone: the service publishes it then.
    const due = new Date(Math.ceil((Date.now() + 40_000) / 60_000) * 60_000);
    const again = await openSchedulePicker(page);
    await pickSiteTime(again, instantToZonedTime(due, siteZone)!);
    await again.getByRole("button", { name: /^Reschedule for / }).click();
    await expect.poll(async () => (await read()).scheduledPublishDate).toBe(due.toISOString());

    await expect
      .poll(async () => (await postByKey(key)).map((post) => post.status), { timeout: 150_000, interval: 2_000 })
      .toEqual(["publish"]);
    expect(new Date((await postByKey(key))[0]?.date ?? "").getTime()).toBeGreaterThanOrEqual(due.getTime() - 1_000);
    const categories = await wordpress.php(`
      $posts = get_posts( array( 'meta_key' => '_postwright_publication_key', 'meta_value' => ${JSON.stringify(key)} ) );
      echo implode( ',', wp_list_pluck( get_the_category( $posts[0]->ID ), 'name' ) );
    `);
    expect(categories).toBe("Linen Care");
    await expect.poll(async () => (await read()).status, { timeout: 30_000 }).toBe("published");
    expect((await read()).publications).toEqual([
      expect.objectContaining({ platform: "wordpress", status: "published" }),
    ]);
  }, 240_000);

  it("generates into a post open in the block editor from its sidebar", async () => {
    const { page } = e2e;
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    await logIntoWordPress(page, wordpress);
    await page.goto(`${wordpress.url}/wp-admin/post-new.php`);
    const welcome = page.getByRole("dialog").getByRole("button", { name: "Close" });
    await welcome.click({ timeout: 10_000 }).catch(() => {});
    const canvas = page.frameLocator('iframe[name="editor-canvas"]');
    await canvas.getByRole("textbox", { name: "Add title" }).fill("Drying linen outdoors");

    const sidebar = await openPostwrightSidebar(page);
    await sidebar.getByLabel("Keywords (separated by commas)").fill("drying linen");
    await sidebar.getByRole("button", { name: "Generate into this post" }).click();
    await shows(sidebar.getByText(/SEO score: \d+\/100/));
    await shows(canvas.getByRole("document", { name: /Block: Heading/ }));

    await page.getByRole("button", { name: "Save draft" }).click();
    await shows(page.getByRole("button", { name: "Saved" }));
    const saved = JSON.parse(
      await wordpress.php(`
        $post = get_posts( array( 'post_status' => 'draft', 'orderby' => 'ID', 'order' => 'DESC', 'numberposts' => 1 ) )[0];
        echo wp_json_encode( array(
          'title'  => $post->post_title,
          'blocks' => array_values( array_unique( array_filter( wp_list_pluck( parse_blocks( $post->post_content ), 'blockName' ) ) ) ),
        ) );
      `),
    ) as { title: string; blocks: string[] };
    const [service] = await servicePosts(page);
    expect(saved.title).toBe(service?.title);
    expect(saved.blocks).toEqual(expect.arrayContaining(["core/heading", "core/paragraph"]));
    expect(errors).toEqual([]);
  });

  it("lets a subscriber reach none of its routes", async () => {
    const reader = wordpress.users.reader;
    expect(reader).toBeDefined();
    const authorization = `Basic ${Buffer.from(`reader:${reader?.applicationPassword}`).toString("base64")}`;
    const routes: Array<[string, string, unknown]> = [
      ["GET", "status", undefined],
      ["POST", "connect", {}],
      ["POST", "disconnect", {}],
      ["POST", "settings", { serviceUrl: "https://evil.example" }],
      ["GET", "site-options", undefined],
      ["POST", "titles", { originalTitle: "Tea" }],
      ["POST", "generations", { title: "Tea", keywords: ["tea"] }],
      ["GET", "generations/gen_1", undefined],
      ["GET", "posts/1", undefined],
      ["POST", "seo/analyze", { title: "Tea", content: "<p>Tea</p>" }],
      ["POST", "publish", { postId: 1, title: "Tea", html: "<p>Tea</p>", status: "draft" }],
      ["POST", "service/publish", { publicationKey: "k", title: "Tea", html: "<p>Tea</p>", status: "publish" }],
      ["POST", "service/ping", {}],
    ];
    for (const [method, route, body] of routes) {
      const response = await fetch(`${wordpress.url}/wp-json/postwright/v1/${route}`, {
        method,
        headers: { authorization, "content-type": "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      expect([401, 403], `${method} ${route}`).toContain(response.status);
    }
    // And in the browser, wp-admin does not show the subscriber the plugin's page.
    const page = e2e.page;
    await logIntoWordPress(page, wordpress, "reader", reader?.password ?? "");
    const answer = await page.goto(`${wordpress.url}/wp-admin/admin.php?page=postwright`);
    expect(answer?.status()).toBe(403);
    expect(await page.locator("#postwright-admin-root").count()).toBe(0);
  });

  it("says the site must connect again once the owner disconnects it on the service", async () => {
    const { page, site } = e2e;
    await logInToService(page, site.url, owner);
    await chooseWordPress(page);
    const card = wordpressCard(page);
    await card.getByRole("button", { name: "Disconnect" }).click();
    await card.getByRole("button", { name: "Disconnect site" }).click();
    await shows(toast(page, "is no longer connected to Postwright."));

    await logIntoWordPress(page, wordpress);
    await page.goto(`${wordpress.url}/wp-admin/admin.php?page=postwright`);
    await shows(pluginApp(page).getByText("This site is no longer connected to Postwright. Connect it again."));
    await shows(pluginApp(page).getByRole("button", { name: "Connect to Postwright" }));
  });

  it("connects the site for an owner without an account: create one from the connect page, verify, approve", async () => {
    const { page, site } = e2e;
    const newcomer = newPerson("Nell", "Newcomer");
    await logIntoWordPress(page, wordpress);
    await page.goto(`${wordpress.url}/wp-admin/admin.php?page=postwright`);
    await pluginApp(page).getByRole("button", { name: "Connect to Postwright" }).click();

    const host = new URL(wordpress.url).host;
    await shows(page.getByRole("heading", { name: `Connect ${WORDPRESS_TEST_SITE_TITLE} to Postwright` }));
    const approval = page.url();
    await page.getByRole("button", { name: "Create an account" }).click();
    await shows(page.getByRole("button", { name: "Create Account" }));
    await page.getByLabel("First name", { exact: true }).fill(newcomer.firstName);
    await page.getByLabel("Last name", { exact: true }).fill(newcomer.lastName);
    await page.getByLabel("Email", { exact: true }).fill(newcomer.email);
    await page.getByLabel("Password", { exact: true }).fill(newcomer.password);
    await page.getByRole("button", { name: "Create Account" }).click();

    // Without a mail server the verification code is shown on the page and filled in.
    await shows(toast(page, "Registration successful!"));
    const notice = page.getByRole("note", { name: "Development Code" });
    await shows(notice);
    const code = await page.getByLabel("Verification code", { exact: true }).inputValue();
    expect(code).toMatch(/^\d{6}$/);
    expect(await notice.innerText()).toContain(code);
    await page.getByRole("button", { name: "Verify Email" }).click();

    // Verified and signed in, back at the approval of this site, with the same request.
    await shows(
      page.getByRole("heading", { name: `Connect ${WORDPRESS_TEST_SITE_TITLE} to your Postwright account?` }),
    );
    // The approval names the site by its title and shows the address it connects.
    await shows(page.getByText(host));
    expect(page.url()).toBe(approval);
    await shows(page.getByText(`(${newcomer.email})`));
    await page.getByRole("button", { name: "Approve" }).click();

    await page.waitForURL(`${wordpress.url}/wp-admin/admin.php?page=postwright*`);
    await shows(pluginApp(page).getByText("This site is now connected to Postwright."));
    await shows(pluginApp(page).getByText(`Connected to Postwright as ${newcomer.email}.`));
    await shows(pluginApp(page).getByText("Posts left this month: 5 of 5"));

    // The new account's dashboard lists the site as connected through the plugin.
    await page.goto(site.url);
    await chooseWordPress(page);
    await shows(wordpressCard(page).getByText("Connected via the Postwright plugin"));
    await shows(wordpressCard(page).getByText(wordpress.url));
  });

  it("leaves no option behind when it is deleted", async () => {
    const remaining = await wordpress.php(`
      deactivate_plugins( 'postwright/postwright.php' );
      $deleted = delete_plugins( array( 'postwright/postwright.php' ) );
      if ( true !== $deleted ) { throw new Exception( 'The plugin could not be deleted' ); }
      global $wpdb;
      echo wp_json_encode( $wpdb->get_col( "SELECT option_name FROM {$wpdb->options} WHERE option_name LIKE '%postwright%'" ) );
    `);
    expect(JSON.parse(remaining)).toEqual([]);
  });

  it("connects the site, now without the plugin, through WordPress's Authorize Application screen", async () => {
    const { page, site } = e2e;
    await logInToService(page, site.url, owner);
    await chooseWordPress(page);
    const card = wordpressCard(page);
    await card.getByLabel("Site Name").fill("Loom Journal");
    await card.getByLabel("Site URL").fill(wordpress.url);
    await card.getByRole("button", { name: "Connect with WordPress" }).click();

    // WordPress asks its administrator to sign in, then to approve Postwright.
    await page.waitForURL(/wp-login\.php/);
    await page.locator("#user_login").fill(wordpress.adminUser);
    await page.locator("#user_pass").fill(wordpress.adminPassword);
    await page.locator("#wp-submit").click();
    await page.waitForURL(/authorize-application\.php/);
    await shows(page.getByText(/identifying itself as Postwright access to your account/));
    await page.getByRole("button", { name: /Yes, I approve of this connection/ }).click();

    // Back on the dashboard, connected with the password WordPress created (never shown, never in the address).
    await shows(toast(page, "WordPress connection saved successfully"));
    await page.waitForURL((url) => url.pathname === "/" && url.search === "");
    await chooseWordPress(page);
    await shows(card.getByText("Connected", { exact: true }));
    await shows(card.getByText("Loom Journal"));
    await shows(card.getByText(wordpress.adminUser, { exact: true }));
    const passwords = JSON.parse(
      await wordpress.php(
        "echo wp_json_encode( wp_list_pluck( WP_Application_Passwords::get_user_application_passwords( 1 ), 'app_id', 'name' ) );",
      ),
    ) as Record<string, string>;
    expect(passwords.Postwright).toBe(WORDPRESS_APP_ID);

    // And the service publishes with it, through WordPress's REST API.
    const title = "Mending Linen at Home";
    const generated = await page.request.post(`${site.url}/api/blog-posts/generate`, {
      data: { title, keywords: ["mending linen"] },
    });
    expect(generated.status(), await generated.text()).toBe(200);
    await page.reload();
    await chooseWordPress(page);
    await page
      .getByRole("tabpanel")
      .getByRole("button", { name: new RegExp(`^${title}`) })
      .click();
    await page
      .getByRole("region", { name: "Blog Preview" })
      .getByRole("button", { name: "Publish to WordPress" })
      .click();
    await shows(toast(page, "Published to WordPress!"));
    expect(
      await wordpress.php(
        `echo get_posts( array( 'title' => ${JSON.stringify(title)}, 'post_status' => 'any' ) )[0]->post_status;`,
      ),
    ).toBe("publish");
  });
});
