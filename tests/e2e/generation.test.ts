// Writing a post on the dashboard in a real browser, with the offline writer (the site has no AI model configured):
// title suggestions, generation with its progress, the result, editing in the rich-text editor, and the post list.
import type { Page, Route } from "playwright-core";
import { describe, expect, it } from "vitest";
import { useE2E } from "./support/e2e.ts";
import { gone, shows, signUpThroughApi, toast } from "./support/ui.ts";

const e2e = useE2E();

const blogForm = (page: Page) => page.locator("form#blog-form");
const preview = (page: Page) => page.getByRole("region", { name: "Blog Preview" });
const postList = (page: Page) => page.locator("[role=tabpanel][data-state=active]");

/**
 * Holds the browser's generate request until released, so the test can look at the page while the post is being
 * written (the offline writer finishes in milliseconds).
 */
async function holdGeneration(page: Page): Promise<{ release: () => void }> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/api/blog-posts/generate", async (route: Route) => {
    await released;
    await route.continue();
  });
  return { release };
}

async function generateThroughApi(page: Page, title: string): Promise<void> {
  const response = await page.request.post(`${e2e.site.url}/api/blog-posts/generate`, {
    data: { title, keywords: ["linen"] },
  });
  expect(response.status(), await response.text()).toBe(200);
}

describe("dashboard generation", () => {
  it("asks for a title and keywords before generating", async () => {
    const { page, site } = e2e;
    await signUpThroughApi(page, site.url);
    await page.goto(site.url);
    await page.getByRole("button", { name: "Generate Blog Post" }).click();
    await shows(blogForm(page).getByText("Title is required"));
    await shows(blogForm(page).getByText("Keywords are required"));
    expect(await page.getByRole("region", { name: "Generating your blog post" }).count()).toBe(0);
  });

  it("applies a title suggestion, generates a post with progress, edits and saves it, and lists it", async () => {
    const { page, site } = e2e;
    await signUpThroughApi(page, site.url);
    await page.goto(site.url);
    await shows(page.getByRole("heading", { name: "Create New Blog Post" }));

    // Suggestions come once the title has stopped changing.
    const form = blogForm(page);
    await form.getByLabel("Blog Title").fill("linen care tips");
    const suggestions = page.getByRole("region", { name: "Title suggestions" });
    await shows(suggestions.getByText("Suggested titles"));
    // The suggestions' score is the title's own, labelled so that it is not read as the post's SEO score.
    expect(await suggestions.innerText()).toMatch(/Title score: \d{1,3}\/100/);
    const useButtons = suggestions.getByRole("button", { name: /^Use This: / });
    const count = await useButtons.count();
    expect(count).toBeGreaterThanOrEqual(1);
    expect(count).toBeLessThanOrEqual(3);
    const chosen = ((await useButtons.first().getAttribute("aria-label")) ?? "").replace(/^Use This: /, "");
    expect(chosen).not.toBe("");
    await useButtons.first().click();
    await shows(suggestions.getByText("Title optimized and applied!"));
    await shows(toast(page, "Title applied!"));
    expect(await form.getByLabel("Blog Title").inputValue()).toBe(chosen);
    expect(await form.getByLabel(/Additional SEO Instructions/).inputValue()).toMatch(/^Meta Description: \S/m);

    // The optional fields are folded away, so the form stays short.
    expect(await form.getByLabel(/Company Name/).isVisible()).toBe(false);
    await form.getByText(/^More options/).click();
    await form.getByLabel(/Company Name/).fill("Loom & Co");
    await form.getByLabel("Target Keywords").fill("linen care, washing linen, ");

    // While the post is being written: the stages, and no second generation.
    const held = await holdGeneration(page);
    await page.getByRole("button", { name: "Generate Blog Post" }).click();
    const progress = page.getByRole("region", { name: "Generating your blog post" });
    await shows(progress);
    // The progress comes into view, whatever was scrolled.
    const windowHeight = page.viewportSize()?.height ?? 0;
    await expect
      .poll(async () => {
        const { top, bottom } = await progress.evaluate((node) => {
          const box = node.getBoundingClientRect();
          return { top: box.top, bottom: box.bottom };
        });
        return top >= 0 && bottom <= windowHeight;
      })
      .toBe(true);
    const stages = progress.getByRole("list", { name: "Generation stages" }).getByRole("listitem");
    expect(await stages.allInnerTexts()).toEqual([
      expect.stringContaining("1. Planning"),
      expect.stringContaining("2. Writing"),
      expect.stringContaining("3. Reviewing"),
    ]);
    expect(await stages.first().getAttribute("aria-current")).toBe("step");
    await shows(progress.getByRole("status").getByText(/^Planning: outlining the post/));
    expect(await page.getByRole("button", { name: "Generating..." }).isDisabled()).toBe(true);
    held.release();

    await shows(toast(page, "Blog post generated successfully!"));
    await shows(toast(page, "4 blog posts remaining this month."));
    await gone(progress);

    // The result opens on its own page.
    await page.waitForURL((url) => /^\/posts\/\d+$/.test(url.pathname));
    const result = preview(page);
    await shows(result.getByRole("heading", { level: 3, name: chosen }));
    await shows(result.getByText("Written without an AI model"));
    await shows(result.getByRole("region", { name: "SEO Meta Description" }));
    // innerText follows the page's styles, which set these labels in capitals.
    const text = await result.innerText();
    expect(text).toMatch(/Word Count\s*\n\s*[1-9][\d,]*/i);
    expect(text).toMatch(/Reading Time\s*\n\s*~\d+ minutes?/i);
    const score = Number(/SEO Score\s*\n\s*(\d+)/i.exec(text)?.[1]);
    const band = score >= 90 ? "Excellent" : score >= 70 ? "Good" : score >= 50 ? "Fair" : "Needs Improvement";
    expect(text).toMatch(new RegExp(`${score}/100\\s*${band}\\n`));
    const keywords = result.getByRole("list", { name: "Target keywords" }).getByRole("listitem");
    expect(await keywords.allInnerTexts()).toEqual(["linen care", "washing linen"]);
    const content = result.getByRole("article");
    expect((await content.innerText()).length).toBeGreaterThan(200);

    // Editing in the rich-text editor, then saving.
    await result.getByRole("button", { name: "Edit Content" }).click();
    const editor = result.getByRole("textbox", { name: `Content of ${chosen}` });
    await shows(editor);
    await editor.click();
    await page.keyboard.press("Control+Home");
    await page.keyboard.type("Edited in the browser. ");
    await result.getByRole("button", { name: "Save Changes" }).click();
    await shows(toast(page, "Content updated"));
    await gone(editor);
    await shows(content.getByText(/^Edited in the browser\./));

    // The post is in the dashboard's list, and reopening it after a reload shows the saved text.
    await page.getByRole("link", { name: "Back to dashboard" }).click();
    const listed = postList(page).getByRole("button", { name: new RegExp(`^${escapeRegExp(chosen)}`) });
    await shows(listed);
    expect(await page.getByRole("tab", { name: "Recent Posts" }).getAttribute("aria-selected")).toBe("true");
    await page.reload();
    await postList(page)
      .getByRole("button", { name: new RegExp(`^${escapeRegExp(chosen)}`) })
      .click();
    await shows(
      preview(page)
        .getByRole("article")
        .getByText(/^Edited in the browser\./),
    );
  });

  it("cancelling an edit restores the saved content", async () => {
    const { page, site } = e2e;
    await signUpThroughApi(page, site.url);
    await generateThroughApi(page, "Storing linen for the summer");
    await page.goto(site.url);
    await postList(page)
      .getByRole("button", { name: /^Storing linen for the summer/ })
      .click();
    const result = preview(page);
    const content = result.getByRole("article");
    const before = await content.innerText();

    await result.getByRole("button", { name: "Edit Content" }).click();
    const editor = result.getByRole("textbox", { name: "Content of Storing linen for the summer" });
    await shows(editor);
    await editor.click();
    await page.keyboard.press("Control+Home");
    await page.keyboard.type("Never saved. ");
    await result.getByRole("button", { name: "Cancel" }).click();
    await gone(editor);
    expect(await content.innerText()).toBe(before);
    expect(before).not.toContain("Never saved.");
  });

  it("shows three posts in Recent Posts until View All is chosen", async () => {
    const { page, site } = e2e;
    await signUpThroughApi(page, site.url);
    for (const title of ["First linen post", "Second linen post", "Third linen post", "Fourth linen post"]) {
      await generateThroughApi(page, title);
    }
    await page.goto(site.url);
    const list = postList(page);
    await shows(list.getByText("Showing 3 of 4"));
    expect(await list.getByRole("listitem").count()).toBe(3);
    // Newest first.
    await shows(list.getByRole("button", { name: /^Fourth linen post/ }));
    await list.getByRole("button", { name: "View All" }).click();
    await shows(list.getByRole("button", { name: /^First linen post/ }));
    expect(await list.getByRole("listitem").count()).toBe(4);
    await shows(list.getByRole("button", { name: "Show Less" }));
  });
});

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
