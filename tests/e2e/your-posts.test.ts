// Your posts on the site, in the browser: the member's WordPress site's posts as the background analysed them, most
// worth improving first, with what failed in words; a second page; reached from the header; no serious accessibility
// problem.
import { describe, expect, it } from "vitest";
import { analyzeSitePosts, saveSitePosts, type RemoteSitePost } from "../../core/src/site-posts/index.ts";
import { useE2E } from "./support/e2e.ts";
import { keepScreenshot, seriousAccessibilityProblems } from "./support/screens.ts";
import { atPath, shows, signUpThroughApi } from "./support/ui.ts";

const e2e = useE2E();

describe("Your posts", () => {
  it("shows the site's posts by opportunity, with what to fix, page by page", async () => {
    const { page, site } = e2e;
    const { prisma } = site.server.db;
    const person = await signUpThroughApi(page, site.url);
    const user = await prisma.user.findUniqueOrThrow({ where: { email: person.email } });
    const connection = await prisma.wordpressConnection.create({
      data: {
        userId: user.id,
        siteName: "Spice Notes",
        siteUrl: "https://spice.example",
        username: "ada",
        applicationPassword: "v1:unused",
      },
    });
    // What the background's analysis stores for the site: 30 posts, the thin ones old and unlinked.
    const now = new Date();
    const posts: RemoteSitePost[] = Array.from({ length: 30 }, (_, i) => ({
      remoteId: String(i + 1),
      url: `https://spice.example/post-${i + 1}/`,
      title: i === 0 ? "Toasting Whole Spices" : `Spice note ${i + 1}`,
      slug: `post-${i + 1}`,
      html: `<p>${"Toast the seeds in a dry pan until they smell warm. ".repeat(i === 0 ? 1 : 40)}</p>`,
      seoTitle: null,
      metaDescription: "",
      keyphrase: null,
      keyphraseSource: null,
      publishedAt: new Date(now.getTime() - (i === 0 ? 900 : 10) * 86_400_000),
      modifiedAt: null,
    }));
    await saveSitePosts(prisma, {
      userId: user.id,
      platform: "wordpress",
      connectionId: connection.id,
      posts: analyzeSitePosts(posts, { siteUrl: "https://spice.example", otherPages: [], now }),
      now,
    });

    await page.goto(`${site.url}/`);
    await page.getByRole("navigation", { name: "Account" }).getByRole("link", { name: "Your posts" }).click();
    await atPath(page, "/your-posts");
    await shows(page.getByRole("heading", { level: 1, name: "Your posts" }));
    const table = page.getByRole("table", { name: "Posts of Spice Notes, most worth improving first" });
    await shows(table);
    const first = table.getByRole("row").nth(1);
    // The thin, old post is the biggest opportunity.
    await shows(first.getByRole("rowheader", { name: /Toasting Whole Spices/ }));
    expect(await first.textContent()).toContain("Text length:");
    expect(await first.textContent()).toContain("2 years");
    expect(await table.getByRole("row").count()).toBe(26);
    expect(await seriousAccessibilityProblems(page)).toEqual([]);
    await keepScreenshot(page, "your-posts-test-ts", "01-your-posts");

    await page.getByRole("button", { name: "Next" }).click();
    await shows(page.getByText("Showing 26–30 of 30 posts"));
    expect(await table.getByRole("row").count()).toBe(6);
  });
});
