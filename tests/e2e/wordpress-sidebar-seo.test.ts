// The owner's title and one score, in a real WordPress (7.1) with the plugin installed from its release zip and the
// real Postwright service (offline writer) beside it: a post written from the plugin's page with a title that lacks
// the keyphrase is drafted with that title word for word, and the block editor's Postwright sidebar opens on that
// draft with its focus keyphrase, SEO title, slug and meta description, and the same SEO score as the review. Editing
// a field there and saving writes it where the SEO plugin (Yoast, as far as the plugin can tell) reads it.
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import type { WordPressSite } from "../support/wordpress/start-wordpress.ts";
import { useE2E } from "./support/e2e.ts";
import {
  logIntoWordPress,
  openPostwrightSidebar,
  pluginApp,
  useWordPressWithPlugin,
} from "./support/wordpress-plugin.ts";
import { newPerson, shows, signUpThroughApi, type Person } from "./support/ui.ts";

let wordpress: WordPressSite;
const wordpressStarted = useWordPressWithPlugin({
  muPlugins: { "seo-plugin": "<?php add_filter( 'postwright_seo_plugin', static fn () => 'yoast' );" },
});

const e2e = useE2E();
let owner: Person;

beforeAll(async () => {
  wordpress = await wordpressStarted();
  await wordpress.php(`update_option( 'postwright_service_url', ${JSON.stringify(e2e.site.url)} );`);
  owner = newPerson("Sam", "Owner");
  const other = await e2e.newPage();
  await signUpThroughApi(other, e2e.site.url, owner);
  await other.context().close();
}, 600_000);

/** Connects the site from the plugin's page: sign in on the service, approve, back with the code. */
async function connect(page: Page): Promise<void> {
  await logIntoWordPress(page, wordpress);
  await page.goto(`${wordpress.url}/wp-admin/admin.php?page=postwright`);
  await pluginApp(page).getByRole("button", { name: "Connect to Postwright" }).click();
  await page.getByRole("button", { name: "Log in" }).click();
  await page.getByLabel("Email", { exact: true }).fill(owner.email);
  await page.getByLabel("Password", { exact: true }).fill(owner.password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await page.getByRole("button", { name: "Approve" }).click();
  await page.waitForURL(`${wordpress.url}/wp-admin/admin.php?page=postwright*`);
  await shows(pluginApp(page).getByText(`Connected to Postwright as ${owner.email}.`));
}

interface Draft {
  id: number;
  title: string;
  seo: { title: string; description: string; keyphrase: string };
}

/** The newest draft, as WordPress stores it, with the SEO fields where Yoast reads them. */
async function newestDraft(): Promise<Draft> {
  return JSON.parse(
    await wordpress.php(`
      $post = get_posts( array( 'post_status' => 'draft', 'orderby' => 'ID', 'order' => 'DESC', 'numberposts' => 1 ) )[0];
      echo wp_json_encode( array(
        'id'    => $post->ID,
        'title' => $post->post_title,
        'seo'   => array(
          'title'       => (string) get_post_meta( $post->ID, '_yoast_wpseo_title', true ),
          'description' => (string) get_post_meta( $post->ID, '_yoast_wpseo_metadesc', true ),
          'keyphrase'   => (string) get_post_meta( $post->ID, '_yoast_wpseo_focuskw', true ),
        ),
      ) );
    `),
  ) as Draft;
}

describe("the owner's title and one score, in WordPress", () => {
  it("drafts the typed title word for word, and the editor's sidebar shows the post's fields and the review's score", async () => {
    const { page } = e2e;
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    await connect(page);

    const title = "Pour-over vs French press: which suits you?";
    const app = pluginApp(page);
    await app.getByLabel("Title", { exact: true }).fill(title);
    await app.getByLabel("Keywords (separated by commas)").fill("pour-over coffee, french press");
    await app.getByRole("button", { name: "Generate post" }).click();
    await shows(app.getByRole("heading", { name: "Review and publish" }));
    const reviewScore = (await app.getByText(/SEO score: \d+\/100/).innerText()).trim();
    await app.getByRole("button", { name: "Create draft" }).click();
    // The draft opens in the block editor.
    await page.waitForURL(/\/wp-admin\/post\.php\?post=\d+&action=edit&postwright=review/);

    const draft = await newestDraft();
    expect(draft.title).toBe(title);
    expect(draft.seo.keyphrase).toBe("pour-over coffee");
    expect(draft.seo.title.toLowerCase().startsWith("pour-over coffee")).toBe(true);

    await page.goto(`${wordpress.url}/wp-admin/post.php?post=${draft.id}&action=edit`);
    const welcome = page.getByRole("dialog").getByRole("button", { name: "Close" });
    await welcome.click({ timeout: 10_000 }).catch(() => {});
    const sidebar = await openPostwrightSidebar(page);
    // The score of the content as it opens, with the post's fields: the review's.
    await shows(sidebar.getByText(reviewScore, { exact: true }));
    expect(await sidebar.getByText(/Add a focus keyphrase/).count()).toBe(0);
    expect(await sidebar.getByLabel("Focus keyphrase").inputValue()).toBe("pour-over coffee");
    expect(await sidebar.getByLabel("SEO title").inputValue()).toBe(draft.seo.title);
    expect(await sidebar.getByLabel("Meta description").inputValue()).toBe(draft.seo.description);
    expect(await sidebar.getByLabel("Slug").inputValue()).toMatch(/pour-over-coffee/);

    // Edited here and saved, the SEO title reaches Yoast's field; the post's own title does not change.
    const seoTitle = "Pour-over coffee or a French press? How to choose";
    await sidebar.getByLabel("SEO title").fill(seoTitle);
    await page.getByRole("button", { name: "Save draft" }).click();
    await shows(page.getByRole("button", { name: "Saved" }));
    await expect.poll(async () => (await newestDraft()).seo.title).toBe(seoTitle);
    expect((await newestDraft()).title).toBe(title);
    expect(errors).toEqual([]);
  }, 240_000);
});
