import "../test/setup";
import type { SearchConsoleStatus, SitePostsPage, SitePostView } from "@postwright/core/contracts";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { fakeApi, renderPage } from "../test/render";
import { YourPostsPage } from "./your-posts";

const site = {
  platform: "wordpress" as const,
  connectionId: 4,
  siteName: "Roastery",
  siteUrl: "https://roastery.example",
  state: "ready" as const,
  postsRead: 2,
  postsAnalysed: 2,
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
  words: 600,
  score: 70,
  failingChecks: [],
  keyphrase: `post ${i}`,
  keyphraseSource: "title",
  linksOut: 1,
  linksIn: 1,
  search: null,
  refreshCandidate: false,
  refreshReason: null,
  opportunity: 50 - i,
  ...over,
});

const page = (posts: SitePostView[]): SitePostsPage => ({ site, posts, page: 1, pageSize: 25, total: posts.length });

const connected = (over: Partial<NonNullable<SearchConsoleStatus["connection"]>> = {}): SearchConsoleStatus => ({
  configured: true,
  connection: {
    state: "connected",
    platform: "wordpress",
    connectionId: 4,
    property: "https://roastery.example/",
    properties: [{ siteUrl: "https://roastery.example/", permissionLevel: "siteOwner" }],
    reading: "ready",
    readAt: "2026-11-27T11:00:00.000Z",
    error: null,
    ...over,
  },
});

const open = (at = "/your-posts") => renderPage(<YourPostsPage />, { path: "/your-posts", at });

describe("Search Console on Your posts", () => {
  it("offers to connect, and sends the browser to Google's consent screen", async () => {
    const assign = vi.fn();
    vi.stubGlobal("location", { ...window.location, assign });
    const requests = fakeApi({
      "GET /api/site-posts": { body: page([post(1)]) },
      "GET /api/search-console": { body: { configured: true, connection: null } },
      "POST /api/search-console/connect": { body: { authorizeUrl: "https://accounts.example/consent?x=1" } },
    });
    open();
    // Search Console's card is for the site shown, so it follows the posts.
    await screen.findByRole("table");
    await userEvent.click(await screen.findByRole("button", { name: "Connect Search Console" }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith("https://accounts.example/consent?x=1"));
    expect(requests.find((r) => r.path === "/api/search-console/connect")?.body).toEqual({ platform: "wordpress" });
  });

  it("explains that Search Console is not set up on this server instead of offering a button that cannot work", async () => {
    fakeApi({
      "GET /api/site-posts": { body: page([post(1)]) },
      "GET /api/search-console": { body: { configured: false, connection: null } },
    });
    open();
    const button = await screen.findByRole("button", { name: "Connect Search Console" });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription(/Search Console is not set up on this server/);
    expect(screen.getByRole("table")).toBeInTheDocument();
  });

  it("shows each post's figures with their change, and why a post losing clicks should be refreshed", async () => {
    fakeApi({
      "GET /api/site-posts": {
        body: page([
          post(1, {
            search: {
              clicks: 70,
              impressions: 1000,
              position: 4,
              previousClicks: 120,
              previousImpressions: 1100,
              previousPosition: 3,
            },
            refreshCandidate: true,
            refreshReason: "Clicks down 42% (120 → 70) over 28 days",
          }),
          post(2, {
            search: {
              clicks: 50,
              impressions: 400,
              position: 6,
              previousClicks: 40,
              previousImpressions: 400,
              previousPosition: 7,
            },
          }),
        ]),
      },
      "GET /api/search-console": { body: connected() },
      "GET /api/search-console/ideas": { body: { ideas: [] } },
      "GET /api/content-plans": { body: { plans: [] } },
    });
    open();
    const table = await screen.findByRole("table");
    expect(within(table).getByRole("columnheader", { name: "Clicks (28 days)" })).toBeInTheDocument();
    expect(within(table).getByRole("columnheader", { name: "Impressions" })).toBeInTheDocument();
    expect(within(table).getByRole("columnheader", { name: "Position" })).toBeInTheDocument();
    const [, first, second] = within(table).getAllByRole("row");
    expect(first).toHaveTextContent("Losing visitors");
    expect(first).toHaveTextContent("Clicks down 42% (120 → 70) over 28 days");
    expect(first).toHaveTextContent("▼ 50 fewer clicks than the 28 days before");
    expect(first).toHaveTextContent("▼ 100 fewer impressions than the 28 days before");
    expect(first).toHaveTextContent("▼ 1 place lower than the 28 days before");
    expect(second).not.toHaveTextContent("Losing visitors");
    expect(second).toHaveTextContent("▲ 10 more clicks than the 28 days before");
    expect(await screen.findByText("Reading", { exact: false })).toHaveTextContent("Reading https://roastery.example/");
    expect(screen.getByText(/Figures read/)).toBeInTheDocument();
  });

  it("lets the owner choose the property when none matched the site, with a labelled list", async () => {
    const requests = fakeApi({
      "GET /api/site-posts": { body: page([post(1)]) },
      "GET /api/search-console": {
        body: connected({
          property: null,
          reading: null,
          readAt: null,
          properties: [
            { siteUrl: "https://shop.beans.example/", permissionLevel: "siteOwner" },
            { siteUrl: "sc-domain:beans.example", permissionLevel: "siteFullUser" },
          ],
        }),
      },
      "PUT /api/search-console/property": {
        body: connected({ property: "sc-domain:beans.example", reading: "queued" }),
      },
    });
    open();
    expect(await screen.findByText(/None of your Search Console properties matches/)).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByLabelText("Search Console property"), "beans.example (whole domain)");
    await userEvent.click(screen.getByRole("button", { name: "Use this property" }));
    await waitFor(() =>
      // For the site shown: each of the member's sites has its own Search Console connection.
      expect(requests.find((r) => r.method === "PUT")?.body).toEqual({
        siteUrl: "sc-domain:beans.example",
        platform: "wordpress",
      }),
    );
    expect(await screen.findByText("Property chosen: its figures are read now")).toBeInTheDocument();
  });

  it("asks to reconnect when Google stopped accepting the access, and disconnects on request", async () => {
    const requests = fakeApi({
      "GET /api/site-posts": { body: page([post(1)]) },
      "GET /api/search-console": {
        body: connected({
          state: "reconnect",
          error:
            "Google no longer accepts Postwright's access to your Search Console. Choose Reconnect Search Console.",
        }),
      },
      "GET /api/content-plans": { body: { plans: [] } },
      "DELETE /api/search-console": { body: { configured: true, connection: null } },
    });
    open();
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("Search Console needs to be connected again.");
    expect(within(alert).getByRole("button", { name: "Reconnect Search Console" })).toBeEnabled();
    await userEvent.click(screen.getByRole("button", { name: "Disconnect Search Console" }));
    await waitFor(() => expect(requests.find((r) => r.method === "DELETE")?.search).toBe("?platform=wordpress"));
    // The state shown is the site's own.
    expect(requests.find((r) => r.method === "GET" && r.path === "/api/search-console")?.search).toBe(
      "?platform=wordpress",
    );
    expect(await screen.findByText("Search Console disconnected")).toBeInTheDocument();
  });

  it("says the site is turned off, so Search Console is not read, with nothing to reconnect", async () => {
    fakeApi({
      "GET /api/site-posts": { body: page([post(1)]) },
      "GET /api/search-console": { body: connected({ state: "off" }) },
      "GET /api/content-plans": { body: { plans: [] } },
    });
    open();
    expect(
      await screen.findByText(
        "This site is turned off in your Postwright account, so Search Console is not read. Turn it on to read it again.",
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Reconnect Search Console" })).not.toBeInTheDocument();
    expect(screen.queryByText(/read again every day/)).not.toBeInTheDocument();
  });

  it("lists the ideas with their figures and adds one to the plan", async () => {
    const idea = {
      query: "how long to steep french press",
      title: "How long to steep french press",
      keywords: ["how long to steep french press"],
      clicks: 2,
      impressions: 900,
      position: 18.4,
      previousImpressions: 600,
      notes: "From Search Console: seen 900 times.",
    };
    const requests = fakeApi({
      "GET /api/site-posts": { body: page([post(1)]) },
      "GET /api/search-console": { body: connected() },
      "GET /api/search-console/ideas": { body: { ideas: [idea] } },
      "GET /api/content-plans": { body: { plans: [{ id: 9, name: "Weekly coffee" }] } },
      "POST /api/content-plans/9/items": { body: { added: 1 } },
    });
    open();
    const list = await screen.findByRole("list", { name: "Ideas" });
    expect(list).toHaveTextContent("How long to steep french press");
    expect(list).toHaveTextContent("900 impressions (+300 on the 28 days before), 2 clicks, average position 18.4");
    await userEvent.click(
      await within(list).findByRole("button", { name: 'Add "How long to steep french press" to Weekly coffee' }),
    );
    await waitFor(() =>
      expect(requests.find((r) => r.path === "/api/content-plans/9/items")?.body).toEqual({
        items: [{ title: idea.title, keywords: idea.keywords, notes: idea.notes }],
      }),
    );
    expect(await within(list).findByText("Added to Weekly coffee")).toBeInTheDocument();
  });

  it("shows Google's answer once after the redirect back", async () => {
    fakeApi({
      "GET /api/site-posts": { body: page([post(1)]) },
      "GET /api/search-console": { body: { configured: true, connection: null } },
    });
    open("/your-posts?search_console_error=You%20did%20not%20give%20Postwright%20access");
    expect(await screen.findByText("Search Console was not connected")).toBeInTheDocument();
    expect(screen.getByText("You did not give Postwright access")).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId("location")).toHaveTextContent(/^\/your-posts$/));
  });
});
