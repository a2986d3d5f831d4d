// The index's state in words, as every surface shows it.
import { describe, expect, it } from "vitest";
import { describeSiteIndexStatus, type SiteIndexStatus } from "./site-index.ts";

const now = Date.parse("2026-11-27T12:00:00Z");
const site = (fields: Partial<SiteIndexStatus>): SiteIndexStatus => ({
  platform: "shopify",
  connectionId: 1,
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

describe("describeSiteIndexStatus", () => {
  it("names a store being read with its pages so far, without a button", () => {
    expect(describeSiteIndexStatus(site({ state: "reading", pagesRead: 1240 }), now)).toEqual({
      headline: "Reading your store: 1,240 pages so far",
      detail: null,
      action: null,
      tone: "busy",
    });
  });

  it("names a site's pages indexed and how long ago, with a new read offered", () => {
    const indexedAt = new Date(now - 5 * 60_000).toISOString();
    const words = describeSiteIndexStatus(
      site({ platform: "wordpress", pagesIndexed: 2310, indexedAt, canRetry: true }),
      now,
    );
    expect(words.headline).toBe("2,310 pages indexed 5 minutes ago");
    expect(words.action).toBe("Read pages again");
  });

  it("keeps saying what is indexed while a site with an index is only checked for changes", () => {
    const indexedAt = new Date(now - 5 * 60_000).toISOString();
    const checking = site({ state: "reading", pagesRead: 0, pagesIndexed: 2310, indexedAt, checkingForChanges: true });
    expect(describeSiteIndexStatus(checking, now)).toEqual({
      headline: "2,310 pages indexed 5 minutes ago; checking for changes",
      detail: null,
      action: null,
      tone: "busy",
    });
    expect(describeSiteIndexStatus({ ...checking, platform: "wordpress" }, now).headline).not.toMatch(/reading/i);
    // A full re-read of the same store is a read of the whole store again.
    expect(describeSiteIndexStatus({ ...checking, checkingForChanges: false, pagesRead: 250 }, now).headline).toBe(
      "Reading your store: 250 pages so far",
    );
  });

  it("gives a failure its reason and a Retry", () => {
    const error = "Your WordPress site's pages could not be read. The links already known are kept.";
    expect(
      describeSiteIndexStatus(site({ platform: "wordpress", state: "failed", error, canRetry: true }), now),
    ).toEqual({ headline: "Your site's pages could not be read", detail: error, action: "Retry", tone: "failed" });
  });

  it("says a queued store keeps the pages it has while it waits to be read again", () => {
    expect(describeSiteIndexStatus(site({ state: "queued", pagesIndexed: 1 }), now).headline).toBe(
      "1 page indexed; reading your store again shortly",
    );
    expect(describeSiteIndexStatus(site({ state: "queued" }), now).headline).toBe("Reading your store's pages shortly");
  });
});
