import "../../test/setup";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import type { SiteIndexStatus } from "@postwright/core/contracts";
import { fakeApi, renderPage } from "../../test/render";
import { SiteIndexStatusLine } from "./site-index-status";

const site = (fields: Partial<SiteIndexStatus>): SiteIndexStatus => ({
  platform: "shopify",
  connectionId: 3,
  siteName: "Brew Store",
  siteUrl: "https://brew-store.myshopify.com",
  state: "ready",
  pagesRead: 0,
  pagesIndexed: 0,
  indexedAt: null,
  error: null,
  canRetry: false,
  checkingForChanges: false,
  ...fields,
});

describe("SiteIndexStatusLine", () => {
  it("shows a store being read with its pages so far", async () => {
    fakeApi({ "GET /api/site-index": { body: { sites: [site({ state: "reading", pagesRead: 1240 })] } } });
    renderPage(<SiteIndexStatusLine platform="shopify" connectionId={3} />);
    expect(await screen.findByText("Reading your store: 1,240 pages so far")).toBeInTheDocument();
    expect(screen.queryByRole("button")).not.toBeInTheDocument();
  });

  it("shows a site's pages indexed and how long ago, in the site's words", async () => {
    const indexedAt = new Date(Date.now() - 5 * 60_000).toISOString();
    fakeApi({
      "GET /api/site-index": {
        body: { sites: [site({ platform: "wordpress", pagesIndexed: 2310, indexedAt, canRetry: true })] },
      },
    });
    renderPage(<SiteIndexStatusLine platform="wordpress" connectionId={3} />);
    expect(await screen.findByText("2,310 pages indexed 5 minutes ago")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Read pages again" })).toBeInTheDocument();
  });

  it("keeps showing a store's pages indexed while its changes are checked", async () => {
    const indexedAt = new Date(Date.now() - 5 * 60_000).toISOString();
    fakeApi({
      "GET /api/site-index": {
        body: { sites: [site({ state: "reading", pagesIndexed: 2310, indexedAt, checkingForChanges: true })] },
      },
    });
    renderPage(<SiteIndexStatusLine platform="shopify" connectionId={3} />);
    expect(await screen.findByText("2,310 pages indexed 5 minutes ago; checking for changes")).toBeInTheDocument();
    expect(screen.queryByText(/Reading your store/)).not.toBeInTheDocument();
  });

  it("shows a failure with its reason, and retries through the API", async () => {
    const reason =
      "Your Shopify store's pages could not be read. Shopify answered 503. The links already known are kept.";
    const requests = fakeApi({
      "GET /api/site-index": { body: { sites: [site({ state: "failed", error: reason, canRetry: true })] } },
      "POST /api/site-index/refresh": { body: { sites: [site({ state: "queued" })] } },
    });
    renderPage(<SiteIndexStatusLine platform="shopify" connectionId={3} />);
    expect(await screen.findByText("Your store's pages could not be read")).toBeInTheDocument();
    expect(screen.getByText(reason)).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Retry" }));
    await waitFor(() =>
      expect(requests.some((r) => r.method === "POST" && r.path === "/api/site-index/refresh")).toBe(true),
    );
    expect(await screen.findByText("Reading your store's pages shortly")).toBeInTheDocument();
  });
});
