// Connecting a real WordPress site from the dashboard and publishing a post to it, then reading the post on the
// WordPress site itself, all in a real browser.
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startWordPress, type WordPressSite } from "../support/wordpress/start-wordpress.ts";
import { useE2E } from "./support/e2e.ts";
import { shows, signUpThroughApi, toast } from "./support/ui.ts";

let wordpress: WordPressSite;
let starting: Promise<WordPressSite>;
beforeAll(() => {
  // Starts alongside the site below; awaited once both hooks have begun.
  starting = startWordPress();
  starting.catch(() => {});
});
afterAll(async () => {
  // Stopped even when a later hook failed before taking it.
  const started = await starting?.catch(() => undefined);
  await started?.stop();
});

const e2e = useE2E();

beforeAll(async () => {
  wordpress = await starting;
}, 600_000);

const platformChooser = (page: Page) => page.getByRole("group", { name: "Publishing platform" });
// The card has no accessible name of its own (it is not a named region), so it is found from its heading:
// heading, card header, card.
const wordpressCard = (page: Page) =>
  page.getByRole("heading", { name: "WordPress Connection", exact: true }).locator("xpath=../..");

async function generatePost(page: Page, title: string): Promise<void> {
  const response = await page.request.post(`${e2e.site.url}/api/blog-posts/generate`, {
    data: { title, keywords: ["linen care", "washing linen"], companyName: "Loom & Co" },
  });
  expect(response.status(), await response.text()).toBe(200);
}

async function fillConnection(page: Page, applicationPassword: string): Promise<void> {
  const card = wordpressCard(page);
  await card.getByLabel("Site Name").fill("Loom Journal");
  await card.getByLabel("Site URL").fill(wordpress.url);
  await card.getByLabel("Username").fill(wordpress.adminUser);
  await card.getByLabel("Application Password").fill(applicationPassword);
}

describe("WordPress from the dashboard", () => {
  it("refuses to test an incomplete or wrong connection", async () => {
    const { page, site } = e2e;
    await signUpThroughApi(page, site.url);
    await page.goto(site.url);
    await platformChooser(page)
      .getByRole("button", { name: /WordPress/ })
      .click();
    const card = wordpressCard(page);
    await shows(card.getByText("Connect your WordPress site to publish blog posts"));

    await card.getByRole("button", { name: "Test Connection" }).click();
    await shows(toast(page, "Please fill in all required fields before testing"));

    await fillConnection(page, "abcd efgh ijkl mnop qrst uvwx");
    await card.getByRole("button", { name: "Test Connection" }).click();
    const failed = toast(page, "Please check your credentials and try again.");
    await shows(failed);
    expect(await failed.innerText()).toContain("Connection failed");
    await shows(card.getByText("Connect your WordPress site to publish blog posts"));
  });

  it("connects the site, publishes a generated post, and the post reads the same on WordPress", async () => {
    const { page, site } = e2e;
    await signUpThroughApi(page, site.url);
    const title = "Linen Care Tips for Every Season";
    await generatePost(page, title);
    await page.goto(site.url);

    const wordpressChoice = platformChooser(page).getByRole("button", { name: /WordPress/ });
    expect(await wordpressChoice.innerText()).toContain("Not connected");
    await wordpressChoice.click();
    expect(await wordpressChoice.getAttribute("aria-pressed")).toBe("true");

    const card = wordpressCard(page);
    await fillConnection(page, wordpress.applicationPassword);
    await card.getByRole("button", { name: "Test Connection" }).click();
    await shows(toast(page, "Connection successful!"));

    await card.getByRole("button", { name: "Save Connection" }).click();
    await shows(toast(page, "WordPress connection saved successfully"));
    await shows(card.getByText("Connected", { exact: true }));
    await shows(card.getByText("Loom Journal"));
    await shows(card.getByRole("link", { name: new RegExp(wordpress.url.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")) }));
    // The site's pages are read at once, without asking: the card says how many new posts can link to.
    await shows(card.getByText(/^\d[\d,]* pages? indexed/));
    await shows(wordpressChoice.getByText("Connected", { exact: true }));
    await shows(page.getByRole("group", { name: "Publishing connections" }).first().getByText("WordPress: connected"));

    // Publish the post from its preview.
    await page
      .getByRole("tabpanel")
      .getByRole("button", { name: new RegExp(`^${title}`) })
      .click();
    const preview = page.getByRole("region", { name: "Blog Preview" });
    await shows(preview.getByRole("heading", { level: 3, name: title }));
    const firstParagraph = (await preview.getByRole("article").locator("p").first().innerText()).trim();
    expect(firstParagraph.length).toBeGreaterThan(40);

    await preview.getByRole("button", { name: "Publish to WordPress" }).click();
    await shows(toast(page, "Published to WordPress!"));
    await shows(preview.getByText("Published", { exact: true }));
    await shows(preview.getByRole("button", { name: "Republish to WordPress" }));

    // The site's own page for the post, opened from the preview's link.
    const link = preview.getByRole("link", { name: /View on WordPress/ });
    const href = (await link.getAttribute("href")) ?? "";
    expect(href.startsWith(`${wordpress.url}/`)).toBe(true);
    const [postPage] = await Promise.all([page.context().waitForEvent("page"), link.click()]);
    await postPage.waitForLoadState("domcontentloaded");
    await shows(postPage.getByRole("heading", { name: title }));
    await shows(postPage.getByText(firstParagraph.slice(0, 60)));

    // Back on the dashboard, the post is among the published ones.
    await page.getByRole("link", { name: "Back to dashboard" }).click();
    await page.getByRole("tab", { name: "Published Blogs" }).click();
    await shows(page.getByRole("tabpanel").getByRole("button", { name: new RegExp(`^${title}`) }));

    // And through WordPress's API: one published post, as the connected account.
    const posts = (await (await wordpress.rest("wp/v2/posts?status=any&context=edit")).json()) as Array<{
      status: string;
      title: { raw: string };
      link: string;
    }>;
    expect(posts.filter((p) => p.title.raw === title)).toEqual([
      expect.objectContaining({ status: "publish", link: href }),
    ]);
  });
});
