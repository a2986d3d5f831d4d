// Refreshing one of Your posts from the WordPress plugin, as a site owner does it, against the real Postwright service:
// the plugin built into its release zip and installed in a real WordPress; the service (the Express API with the
// built client, its embedded database, its background reader and the offline writer) on another loopback port. The
// site connects, its posts are read and analysed by the service, and on the plugin's Your posts page the owner opens
// "Refresh" on an old post, sees the changes side by side, leaves one out, publishes the rest in place (the same
// post and address, one revision more) and restores the previous version. The Search Console card says the service
// has no Google client here. Then a content plan made on the plugin's Autopilot tab with "Also propose refreshes of my
// existing posts" queues a refresh of another old post; its link on the plan opens it by id on Your posts
// (&refresh=<id>), where part of it is published in place. The site has a page about the post's subject with a featured
// image in its media library, so the refresh also proposes that image for the post, which has none: shown as the
// picture with its alt text beneath, and left out.
import { beforeAll, describe, expect, it } from "vitest";
import { WORDPRESS_TEST_SITE_TITLE, type WordPressSite } from "../support/wordpress/start-wordpress.ts";
import { tinyPng } from "../support/wordpress/tiny-png.ts";
import { useE2E } from "./support/e2e.ts";
import {
  keepWordPressScreen,
  logIntoWordPress,
  pluginApp,
  useWordPressWithPlugin,
} from "./support/wordpress-plugin.ts";
import { newPerson, shows, signUpThroughApi, type Person } from "./support/ui.ts";

let wordpress: WordPressSite;
const wordpressStarted = useWordPressWithPlugin();
const e2e = useE2E();
const SCREENS = "wordpress-plugin-refresh";

let owner: Person;
let postId: number;
let espressoId: number;
/** The site's own image: the featured image of its page on cleaning a coffee grinder. */
let picture: { id: number; source_url: string };
const PICTURE_PAGE = "Cleaning Your Coffee Grinder";

const GRINDERS = [
  "<!-- wp:paragraph -->\n<p>We tested a dozen machines in our shop this spring.</p>\n<!-- /wp:paragraph -->",
  "<!-- wp:heading -->\n<h2>Burr or blade</h2>\n<!-- /wp:heading -->",
  "<!-- wp:paragraph -->\n<p>Burrs crush evenly. Blades chop the beans.</p>\n<!-- /wp:paragraph -->",
  "<!-- wp:heading -->\n<h2>Our picks</h2>\n<!-- /wp:heading -->",
  "<!-- wp:paragraph -->\n<p>These are the top picks for 2023 in our shop.</p>\n<!-- /wp:paragraph -->",
].join("\n\n");

interface EditPost {
  id: number;
  slug: string;
  link: string;
  title: { raw: string };
  content: { raw: string };
}

async function rest<T>(route: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
  const response = await wordpress.rest(route, {
    method: init.method ?? "GET",
    headers: { "Content-Type": "application/json" },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  expect(response.status, await response.clone().text()).toBeLessThan(300);
  return (await response.json()) as T;
}
const onSite = () => rest<EditPost>(`wp/v2/posts/${postId}?context=edit`);
const revisions = async () => (await rest<unknown[]>(`wp/v2/posts/${postId}/revisions?per_page=100`)).length;

beforeAll(async () => {
  wordpress = await wordpressStarted();
  await wordpress.php(`update_option( 'postwright_service_url', ${JSON.stringify(e2e.site.url)} );`);
  // Only the posts below: the plan's refresh goes to the one with the most to gain, which is then known.
  await wordpress.php(
    "foreach ( get_posts( array( 'numberposts' => -1, 'post_status' => 'any' ) ) as $p ) { wp_delete_post( $p->ID, true ); }",
  );
  postId = (
    await rest<{ id: number }>("wp/v2/posts", {
      method: "POST",
      body: {
        title: "The Best Coffee Grinders of 2023",
        content: GRINDERS,
        status: "publish",
        date_gmt: "2023-03-01T10:00:00",
      },
    })
  ).id;
  espressoId = (
    await rest<{ id: number }>("wp/v2/posts", {
      method: "POST",
      body: {
        title: "Espresso Grinders of 2023",
        content:
          "<!-- wp:paragraph -->\n<p>Espresso grinders need fine steps. These were our picks for 2023.</p>\n<!-- /wp:paragraph -->",
        status: "publish",
        date_gmt: "2023-05-01T10:00:00",
      },
    })
  ).id;
  // A page about the refreshed post's subject, its featured image uploaded to the media library with alt text of its own.
  const upload = await wordpress.rest("wp/v2/media", {
    method: "POST",
    headers: { "Content-Type": "image/png", "Content-Disposition": 'attachment; filename="clean-burrs.png"' },
    body: tinyPng(160, 100, [111, 78, 55]),
  });
  expect(upload.status, await upload.clone().text()).toBe(201);
  picture = (await upload.json()) as { id: number; source_url: string };
  await rest(`wp/v2/media/${picture.id}`, { method: "POST", body: { alt_text: "Burrs brushed clean after a month" } });
  await rest("wp/v2/pages", {
    method: "POST",
    body: {
      title: PICTURE_PAGE,
      content: "<!-- wp:paragraph -->\n<p>Brush the burrs out once a month.</p>\n<!-- /wp:paragraph -->",
      status: "publish",
      featured_media: picture.id,
    },
  });
  owner = newPerson("Rae", "Refresh");
  const other = await e2e.newPage();
  await signUpThroughApi(other, e2e.site.url, owner);
  await other.context().close();
  // The autopilot runs on Starter and above (a free account's plan is made paused, waiting for the upgrade).
  await e2e.site.server.db.prisma.user.update({
    where: { email: owner.email },
    data: { subscriptionPlan: "starter", subscriptionStatus: "active" },
  });
}, 600_000);

describe("Refreshing a post from the plugin's Your posts", () => {
  it("shows the changes side by side, publishes the chosen ones in place and restores the previous version", async () => {
    const { page } = e2e;
    await logIntoWordPress(page, wordpress);
    await page.goto(`${wordpress.url}/wp-admin/admin.php?page=postwright`);
    await pluginApp(page).getByRole("button", { name: "Connect to Postwright" }).click();
    await page.getByRole("button", { name: "Log in" }).click();
    await page.getByLabel("Email", { exact: true }).fill(owner.email);
    await page.getByLabel("Password", { exact: true }).fill(owner.password);
    await page.getByRole("button", { name: "Sign In" }).click();
    await shows(
      page.getByRole("heading", { name: `Connect ${WORDPRESS_TEST_SITE_TITLE} to your Postwright account?` }),
    );
    await page.getByRole("button", { name: "Approve" }).click();
    await page.waitForURL(`${wordpress.url}/wp-admin/admin.php?page=postwright*`);
    await shows(pluginApp(page).getByText(`Connected to Postwright as ${owner.email}.`));

    // The service reads the site's pages, then analyses its posts, in the background.
    const app = pluginApp(page);
    const refresh = app.getByRole("button", { name: "Refresh “The Best Coffee Grinders of 2023”" });
    await expect
      .poll(
        async () => {
          await page.goto(`${wordpress.url}/wp-admin/admin.php?page=postwright-your-posts`);
          await app.getByRole("heading", { name: "Search Console" }).waitFor();
          return refresh.isVisible({ timeout: 3000 }).catch(() => false);
        },
        { timeout: 90_000, interval: 1000 },
      )
      .toBe(true);
    await shows(app.getByText("Search Console is not set up on the Postwright service this site uses."));
    await app.getByRole("heading", { name: "Search Console" }).evaluate((element) => element.scrollIntoView());
    await keepWordPressScreen(page, SCREENS, "your-posts");
    // The site's index (read before the posts are analysed) holds the page with its featured image.
    expect(
      await e2e.site.server.db.prisma.siteIndexEntry.findFirst({
        where: { platform: "wordpress", title: PICTURE_PAGE },
      }),
    ).toMatchObject({ imageUrl: picture.source_url, imageAlt: "Burrs brushed clean after a month" });

    const before = await onSite();
    const revisionsBefore = await revisions();
    await refresh.click();
    await shows(app.getByRole("heading", { name: "Refresh “The Best Coffee Grinders of 2023”" }));
    const changes = app.getByRole("table", { name: "Proposed changes, section by section" });
    await shows(changes);
    const heading = app.getByRole("heading", { name: "Refresh “The Best Coffee Grinders of 2023”" });
    await heading.evaluate((element) => element.scrollIntoView());
    await keepWordPressScreen(page, SCREENS, "refresh-proposed");
    // Nothing changed on the site yet.
    expect(await onSite()).toEqual(before);

    // The post has no image: the page's image is proposed, shown as the picture, its alt text naming the keyphrase
    // beneath it.
    const imageBox = changes.getByRole("checkbox", { name: `Image: ${PICTURE_PAGE}` });
    expect(await imageBox.isChecked()).toBe(true);
    const imageRow = changes
      .getByRole("row")
      .filter({ has: page.getByRole("checkbox", { name: `Image: ${PICTURE_PAGE}` }) });
    const shown = imageRow.locator(".postwright-refresh-after img");
    await shown.scrollIntoViewIfNeeded();
    await shows(shown);
    expect(await shown.getAttribute("src")).toBe(picture.source_url);
    // Loaded from the site's media library: its real width, not a broken image's.
    await expect
      .poll(() =>
        shown.evaluate((node) => {
          const img = node as unknown as { complete: boolean; naturalWidth: number };
          return img.complete ? img.naturalWidth : 0;
        }),
      )
      .toBe(160);
    const alt = (await shown.getAttribute("alt")) ?? "";
    expect(alt).toMatch(/best coffee grinders/i);
    expect(alt).toMatch(/burrs brushed clean after a month/i);
    const caption = ((await imageRow.locator(".postwright-refresh-after figcaption").textContent()) ?? "").replace(
      /\s+/g,
      " ",
    );
    expect(caption).toContain("Alt text, read by search engines:");
    expect(caption).toContain(alt);
    await shows(imageRow.locator(".postwright-refresh-before").getByText("(new)"));
    await imageRow.evaluate((element) => element.scrollIntoView());
    await keepWordPressScreen(page, SCREENS, "refresh-proposed-picture");

    // The title's year is taken; every other change but the first one after it is left out.
    const title = changes.getByRole("checkbox", { name: "Title" });
    expect(await title.isChecked()).toBe(true);
    const boxes = await changes.getByRole("checkbox").all();
    expect(boxes.length).toBeGreaterThan(2);
    const proposedScore = await app.getByText("SEO score with the chosen changes").locator("xpath=..").textContent();
    for (const box of boxes.slice(1)) await box.uncheck();
    await expect
      .poll(() => app.getByText("SEO score with the chosen changes").locator("xpath=..").textContent())
      .not.toBe(proposedScore);
    await heading.evaluate((element) => element.scrollIntoView());
    await keepWordPressScreen(page, SCREENS, "refresh-chosen");

    await app.getByRole("button", { name: "Publish update" }).click();
    await shows(app.getByText(/The post was updated in place: same address/));
    await heading.evaluate((element) => element.scrollIntoView());
    await keepWordPressScreen(page, SCREENS, "refresh-published");
    const after = await onSite();
    expect(after).toMatchObject({ id: postId, slug: before.slug, link: before.link });
    expect(after.title.raw).toBe(`The Best Coffee Grinders of ${new Date().getUTCFullYear()}`);
    expect(after.content.raw).toBe(before.content.raw);
    // The image was left out: the post still has none.
    expect(after.content.raw).not.toContain("<img");
    expect(after.content.raw).not.toContain(picture.source_url);
    expect(await revisions()).toBe(revisionsBefore + 1);

    await app.getByRole("button", { name: "Restore previous version" }).click();
    await shows(app.getByText("The previous version of the post is back on your site."));
    await heading.evaluate((element) => element.scrollIntoView());
    await keepWordPressScreen(page, SCREENS, "refresh-restored");
    expect(await onSite()).toMatchObject({
      id: postId,
      slug: before.slug,
      title: before.title,
      content: before.content,
    });

    await app.getByRole("button", { name: "← Back to Your posts" }).click();
    await shows(app.getByRole("table", { name: "Posts of this site, most worth improving first" }));
  }, 300_000);

  it("opens the refresh a content plan queued by its id from the plan, and publishes part of it in place", async () => {
    const { page } = e2e;
    await logIntoWordPress(page, wordpress);
    await page.goto(`${wordpress.url}/wp-admin/admin.php?page=postwright&tab=autopilot`);
    const app = pluginApp(page);
    await app.getByRole("button", { name: "Create a plan" }).click();
    await app.getByLabel("Plan name").fill("Coffee journal");
    await app.getByRole("checkbox", { name: "Also propose refreshes of my existing posts" }).check();
    await app.getByRole("button", { name: "Create plan" }).click();
    await shows(app.getByRole("heading", { name: "Coffee journal" }));
    await shows(app.getByText("Proposed for your review, at most one a week"));

    // The autopilot (every 30 seconds) proposes a refresh of the post with the most to gain, in one of the plan's
    // slots; the one refreshed in the test before is not proposed again so soon.
    const review = app.getByRole("link", { name: "Review the refresh of “Espresso Grinders of 2023”" });
    await expect
      .poll(
        async () => {
          await page.goto(`${wordpress.url}/wp-admin/admin.php?page=postwright&tab=autopilot`);
          await app.getByRole("button", { name: "Coffee journal" }).click();
          await app.getByRole("heading", { name: "Coffee journal" }).waitFor();
          return review.isVisible({ timeout: 3000 }).catch(() => false);
        },
        { timeout: 120_000, interval: 2000 },
      )
      .toBe(true);
    await shows(app.getByText("To review"));
    await app.getByRole("heading", { name: "Refreshes" }).evaluate((element) => element.scrollIntoView());
    await keepWordPressScreen(page, SCREENS, "plan-refresh-queued");

    const before = await rest<EditPost>(`wp/v2/posts/${espressoId}?context=edit`);
    await review.click();
    await page.waitForURL(/[?&]refresh=\d+/);
    expect(new URL(page.url()).searchParams.get("page")).toBe("postwright-your-posts");
    const heading = app.getByRole("heading", { name: "Refresh “Espresso Grinders of 2023”" });
    await shows(heading);
    const changes = app.getByRole("table", { name: "Proposed changes, section by section" });
    await shows(changes);
    // Opened as the plan proposed it: nothing changed on the site yet, every change ticked.
    expect(await rest<EditPost>(`wp/v2/posts/${espressoId}?context=edit`)).toEqual(before);
    const boxes = await changes.getByRole("checkbox").all();
    expect(boxes.length).toBeGreaterThan(1);
    for (const box of boxes) expect(await box.isChecked()).toBe(true);
    // The title's year is taken, the rest left out.
    for (const box of boxes.slice(1)) await box.uncheck();
    await heading.evaluate((element) => element.scrollIntoView());
    await keepWordPressScreen(page, SCREENS, "queued-refresh-opened");

    await app.getByRole("button", { name: "Publish update" }).click();
    await shows(app.getByText(/The post was updated in place: same address/));
    const after = await rest<EditPost>(`wp/v2/posts/${espressoId}?context=edit`);
    expect(after).toMatchObject({ id: espressoId, slug: before.slug, link: before.link });
    expect(after.title.raw).toBe(`Espresso Grinders of ${new Date().getUTCFullYear()}`);
    expect(after.content.raw).toBe(before.content.raw);
    await heading.evaluate((element) => element.scrollIntoView());
    await keepWordPressScreen(page, SCREENS, "queued-refresh-published");

    // Back on the plan, the refresh is published.
    await page.goto(`${wordpress.url}/wp-admin/admin.php?page=postwright&tab=autopilot`);
    await app.getByRole("button", { name: "Coffee journal" }).click();
    const refreshes = app.locator(".postwright-plan-refreshes");
    await shows(refreshes.getByRole("link", { name: /^Espresso Grinders of \d{4}$/ }));
    await shows(refreshes.getByText("Published", { exact: true }));
  }, 300_000);
});
