import "../../test/setup";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { fakeApi, renderPage } from "../../test/render";
import { samplePost } from "./dashboard-test-data";
import { PostLinks } from "./post-links";

describe("PostLinks", () => {
  it("lists the post's links and removes one through the API", async () => {
    const links = [
      { url: "https://shop.example/trail", description: "our trail range" },
      { url: "https://shop.example/blogs/news/fit", description: "How to Fit Running Shoes" },
    ];
    const post = samplePost({ id: 4, links });
    const requests = fakeApi({ "POST /api/blog-posts/4/links/remove": { body: { ...post, links: [links[0]] } } });
    renderPage(<PostLinks post={post} />);

    const items = within(screen.getByRole("list", { name: "Links used" })).getAllByRole("listitem");
    expect(items.map((item) => item.textContent)).toEqual([
      "our trail range https://shop.example/trailRemove",
      "How to Fit Running Shoes https://shop.example/blogs/news/fitRemove",
    ]);
    await userEvent.click(
      screen.getByRole("button", { name: "Remove the link to https://shop.example/blogs/news/fit" }),
    );
    await waitFor(() => expect(requests.some((r) => r.path === "/api/blog-posts/4/links/remove")).toBe(true));
    expect(requests.find((r) => r.path === "/api/blog-posts/4/links/remove")?.body).toEqual({
      url: "https://shop.example/blogs/news/fit",
    });
  });

  it("asks for the site's pages to be read again on demand", async () => {
    const sites = [
      {
        platform: "shopify",
        connectionId: 1,
        siteName: "Brew Store",
        siteUrl: "https://brew-store.myshopify.com",
        state: "queued",
        pagesRead: 0,
        pagesIndexed: 1200,
        indexedAt: "2026-11-27T10:00:00.000Z",
        error: null,
        canRetry: false,
        checkingForChanges: false,
      },
    ];
    const requests = fakeApi({ "POST /api/site-index/refresh": { body: { sites } } });
    renderPage(<PostLinks post={samplePost()} />);
    await userEvent.click(screen.getByRole("button", { name: "Refresh site pages" }));
    await waitFor(() => expect(requests.some((r) => r.path === "/api/site-index/refresh")).toBe(true));
    expect(await screen.findByText(/New posts can link to the 1,200 pages indexed so far/)).toBeInTheDocument();
  });

  it("names both platforms when no site is connected", async () => {
    fakeApi({ "POST /api/site-index/refresh": { body: { sites: [] } } });
    renderPage(<PostLinks post={samplePost()} />);
    await userEvent.click(screen.getByRole("button", { name: "Refresh site pages" }));
    expect(
      await screen.findByText("Connect your Shopify store or WordPress site to link to its pages."),
    ).toBeInTheDocument();
  });
});
