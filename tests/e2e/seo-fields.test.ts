// The search appearance of a post in a real browser: editing the SEO title (its width meter moves), the slug, the
// meta description and the focus keyphrase beside the content, with their checks, and removing a link from the post.
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { useE2E } from "./support/e2e.ts";
import { gone, shows, signUpThroughApi, toast } from "./support/ui.ts";

const e2e = useE2E();

const preview = (page: Page) => page.getByRole("region", { name: "Blog Preview" });
const postList = (page: Page) => page.locator("[role=tabpanel][data-state=active]");

describe("search appearance", () => {
  it("edits the SEO fields with their checks, and removes a link, unlinking its words", async () => {
    const { page, site } = e2e;
    await signUpThroughApi(page, site.url);
    const generated = await page.request.post(`${site.url}/api/blog-posts/generate`, {
      data: {
        title: "Caring for linen sheets",
        keywords: ["linen sheets", "washing linen"],
        links: [{ url: "https://linen.example/guide", description: "our linen washing guide" }],
      },
    });
    expect(generated.status(), await generated.text()).toBe(200);
    await page.goto(site.url);
    await postList(page)
      .getByRole("button", { name: /^Caring for linen sheets/ })
      .click();
    const result = preview(page);
    const panel = result.getByRole("region", { name: "Search appearance" });
    await shows(panel);
    await shows(panel.getByRole("figure", { name: "Google preview" }));
    // Nothing is connected: a neutral address, not this service's.
    expect(await panel.getByRole("figure", { name: "Google preview" }).innerText()).toContain(
      "your-site.com › linen-sheets",
    );
    expect(await panel.getByLabel("Slug", { exact: true }).inputValue()).toBe("linen-sheets");
    expect(await panel.getByLabel("Focus keyphrase", { exact: true }).inputValue()).toBe("linen sheets");

    const meter = panel.getByRole("meter", { name: "SEO title width" });
    const before = Number(await meter.getAttribute("aria-valuenow"));
    await panel.getByLabel("SEO title", { exact: true }).fill("Linen Sheets");
    await expect.poll(async () => Number(await meter.getAttribute("aria-valuenow"))).toBeLessThan(before);
    await panel.getByLabel("Slug", { exact: true }).fill("linen-sheet-care");
    await panel
      .getByLabel("Meta description", { exact: true })
      .fill(
        "How to wash, dry and store linen sheets so they stay soft for years: simple steps, the right detergent and the mistakes to avoid.",
      );
    await panel.getByRole("button", { name: "Save SEO settings" }).click();
    await shows(toast(page, "SEO settings saved"));
    await shows(panel.getByText("The slug contains the keyphrase. Well done."));
    // The short title is scored as such.
    await shows(panel.getByText(/The title is about \d+ px wide\. Use more of the 600 px/));
    expect(await panel.getByLabel("Slug", { exact: true }).inputValue()).toBe("linen-sheet-care");

    const links = result.getByRole("region", { name: "Links in the post" });
    await shows(links.getByText("https://linen.example/guide"));
    expect(await result.getByRole("article").locator('a[href="https://linen.example/guide"]').count()).toBe(1);
    await links.getByRole("button", { name: "Remove the link to https://linen.example/guide" }).click();
    await shows(toast(page, "Link removed"));
    await gone(links.getByText("https://linen.example/guide"));
    expect(await result.getByRole("article").locator('a[href="https://linen.example/guide"]').count()).toBe(0);
    expect(await result.getByRole("article").innerText()).toContain("our linen washing guide");
  });
});
