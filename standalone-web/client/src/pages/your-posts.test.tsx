import "../test/setup";
import type { SitePostsPage, SitePostView } from "@postwright/core/contracts";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { fakeApi, renderPage } from "../test/render";
import { YourPostsPage } from "./your-posts";

const site = {
  platform: "wordpress" as const,
  connectionId: 4,
  siteName: "Roastery",
  siteUrl: "https://roastery.example",
  state: "ready" as const,
  postsRead: 30,
  postsAnalysed: 30,
  analysedAt: "2026-11-27T10:00:00.000Z",
  error: null,
};

const post = (i: number, over: Partial<SitePostView> = {}): SitePostView => ({
  id: i,
  url: `https://roastery.example/post-${i}/`,
  title: `Post ${i}`,
  publishedAt: "2025-01-01T00:00:00.000Z",
  modifiedAt: null,
  ageDays: 400,
  words: 120,
  score: 35,
  failingChecks: [
    { id: "text-length", label: "Text length", message: "The text has 120 words. Write at least 300." },
    { id: "internal-links", label: "Internal links", message: "Add a link to another page of your site." },
  ],
  keyphrase: `post ${i}`,
  keyphraseSource: "title",
  linksOut: 0,
  linksIn: 0,
  search: null,
  refreshCandidate: false,
  refreshReason: null,
  opportunity: 100 - i,
  ...over,
});

const page = (over: Partial<SitePostsPage> = {}): SitePostsPage => ({
  site,
  posts: [post(1), post(2, { score: 92, failingChecks: [], linksIn: 3, keyphraseSource: "yoast" })],
  page: 1,
  pageSize: 25,
  total: 2,
  ...over,
});

const open = () => renderPage(<YourPostsPage />, { path: "/your-posts" });

describe("Your posts page", () => {
  it("shows the posts in a table in the server's order, each with what failed in words", async () => {
    fakeApi({ "GET /api/site-posts": { body: page() } });
    open();
    const table = await screen.findByRole("table", { name: "Posts of Roastery, most worth improving first" });
    const rows = within(table).getAllByRole("row").slice(1);
    expect(rows).toHaveLength(2);
    const first = rows[0]!;
    expect(within(first).getByRole("rowheader")).toHaveTextContent("Post 1");
    expect(within(first).getByRole("link", { name: /Post 1/ })).toHaveAttribute(
      "href",
      "https://roastery.example/post-1/",
    );
    expect(first).toHaveTextContent("Needs Improvement");
    // The failed checks by name at a glance; each one's advice behind the summary.
    expect(
      within(first)
        .getByText(/2 checks failed:/)
        .closest("summary"),
    ).toHaveTextContent("2 checks failed: Text length, Internal links");
    expect(first).toHaveTextContent("Text length: The text has 120 words. Write at least 300.");
    expect(first).toHaveTextContent("Internal links: Add a link to another page of your site.");
    expect(first).toHaveTextContent("13 months");
    expect(first).toHaveTextContent("(from the title)");
    expect(rows[1]).toHaveTextContent("Nothing failed");
    expect(rows[1]).toHaveTextContent("Excellent");
    expect(
      within(table)
        .getAllByRole("columnheader")
        .map((h) => h.textContent),
    ).toEqual(["Post", "SEO score", "What to fix", "Age", "Words", "Links in", "Links out", "Opportunity", "Update"]);
    expect(screen.getByText(/30 posts analysed/)).toBeInTheDocument();
  });

  it("says when the posts were analysed in the account's time zone, not the browser's", async () => {
    // 10:00 UTC on 27 November is 7 PM in Tokyo, the account's zone.
    fakeApi({
      "GET /api/auth/user": { body: { id: 1, email: "owner@example.com", timeZone: "Asia/Tokyo" } },
      "GET /api/site-posts": { body: page() },
    });
    renderPage(<YourPostsPage />, { path: "/your-posts" });
    const status = await screen.findByText(/30 posts analysed/);
    await waitFor(() =>
      expect(status.textContent?.replace(/\u202f/g, " ")).toContain("analysed Nov 27, 2026, 7:00 PM"),
    );
  });

  it("proposes a refresh of a post, then opens the proposal", async () => {
    const requests = fakeApi({
      "GET /api/site-posts": { body: page() },
      "POST /api/refreshes": () => ({ body: { id: 31 } }),
    });
    const view = renderPage(<YourPostsPage />, { path: "/your-posts", routes: { "/refreshes/:id": <p>Proposal</p> } });
    const row = (await screen.findAllByRole("row"))[1]!;
    await userEvent.click(within(row).getByRole("button", { name: "Refresh Post 1" }));
    expect(await screen.findByText("Proposal")).toBeInTheDocument();
    expect(screen.getByTestId("location")).toHaveTextContent("/refreshes/31");
    expect(requests.find((r) => r.method === "POST")).toMatchObject({
      path: "/api/refreshes",
      body: { sitePostId: 1 },
    });
    view.unmount();
  });

  it("pages through the posts", async () => {
    const requests = fakeApi({
      "GET /api/site-posts": (request) =>
        request.search.includes("page=2")
          ? { body: page({ page: 2, total: 27, posts: [post(26), post(27)] }) }
          : { body: page({ total: 27, posts: Array.from({ length: 25 }, (_, i) => post(i + 1)) }) },
    });
    open();
    expect(await screen.findByText("Showing 1–25 of 27 posts")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Next" }));
    expect(await screen.findByText("Showing 26–27 of 27 posts")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: /Post 26/ })).toBeInTheDocument();
    expect(requests.some((r) => r.path === "/api/site-posts" && r.search.includes("page=2"))).toBe(true);
    expect(screen.getByRole("button", { name: "Next" })).toBeDisabled();
  });

  it("says to connect a site when none is connected", async () => {
    fakeApi({ "GET /api/site-posts": { body: page({ site: null, posts: [], total: 0 }) } });
    open();
    expect(await screen.findByRole("heading", { name: "Connect your site first" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Go to the dashboard" })).toHaveAttribute("href", "/");
  });

  it("says the posts are being read while the analysis runs, and why it failed when it did", async () => {
    fakeApi({
      "GET /api/site-posts": {
        body: page({ site: { ...site, state: "analysing", postsRead: 100, analysedAt: null }, posts: [], total: 0 }),
      },
    });
    const view = open();
    expect(await screen.findByText("Reading your posts: 100 so far...")).toBeInTheDocument();
    view.unmount();

    const failed = "Your WordPress site's posts could not be read. The site answered 401.";
    fakeApi({ "GET /api/site-posts": { body: page({ site: { ...site, state: "failed", error: failed } }) } });
    open();
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("Your posts could not be analysed.");
    expect(alert).toHaveTextContent(failed);
    expect(screen.getByRole("table")).toBeInTheDocument();
  });

  it("says when the site has no published posts", async () => {
    fakeApi({ "GET /api/site-posts": { body: page({ posts: [], total: 0 }) } });
    open();
    expect(await screen.findByRole("heading", { name: "No published posts yet" })).toBeInTheDocument();
  });

  it("shows the server's message and a way to try again when the posts cannot be loaded", async () => {
    let calls = 0;
    fakeApi({
      "GET /api/site-posts": () =>
        ++calls === 1 ? { status: 500, body: { message: "Something went wrong on our side." } } : { body: page() },
    });
    open();
    const alert = await screen.findByRole("alert", {}, { timeout: 5000 });
    expect(alert).toHaveTextContent("Something went wrong on our side.");
    await userEvent.click(within(alert).getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("table")).toBeInTheDocument();
  });
});
