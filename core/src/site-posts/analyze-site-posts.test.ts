import { describe, expect, it } from "vitest";
import { analyzeSitePosts, pageKey } from "./analyze-site-posts.ts";
import { computeOpportunity } from "./opportunity.ts";
import { deriveKeyphrase } from "./derive-keyphrase.ts";
import type { RemoteSitePost } from "./types.ts";

const now = new Date("2026-11-27T12:00:00Z");
const post = (over: Partial<RemoteSitePost> & { remoteId: string; url: string }): RemoteSitePost => ({
  title: "A post",
  slug: null,
  html: "<p>Hello.</p>",
  seoTitle: null,
  metaDescription: "",
  keyphrase: null,
  keyphraseSource: null,
  publishedAt: new Date("2026-01-01T00:00:00Z"),
  modifiedAt: null,
  ...over,
});

describe("deriveKeyphrase", () => {
  it("is a run of the title's main part, without its lead-in words, up to its fourth content word", () => {
    expect(deriveKeyphrase("How to Clean a Coffee Grinder")).toBe("clean a coffee grinder");
    expect(deriveKeyphrase("Pour Over Grinders: A Practical Guide")).toBe("pour over grinders");
    expect(deriveKeyphrase("Why our grinders outlast the rest")).toBe("grinders outlast the rest");
    expect(deriveKeyphrase("Espresso & Milk: A Beginner's Guide")).toBe("espresso milk");
    expect(deriveKeyphrase("10 Ways to Brew Better Coffee at Home Tonight")).toBe("ways to brew better coffee");
    expect(deriveKeyphrase("Why?")).toBe("");
  });
});

describe("pageKey", () => {
  it("compares addresses without scheme, www, query, fragment or trailing slash", () => {
    expect(pageKey("https://www.Shop.example/blogs/news/a/?utm=1#top", "https://shop.example")).toBe(
      "shop.example/blogs/news/a",
    );
    expect(pageKey("/blogs/news/a", "https://shop.example/blogs/news/b")).toBe("shop.example/blogs/news/a");
    expect(pageKey("http://site.example/?p=12", "https://site.example")).toBe("site.example/?p=12");
    expect(pageKey("mailto:a@b.example", "https://site.example")).toBeNull();
  });
});

describe("analyzeSitePosts", () => {
  const site = "https://site.example";
  const posts = [
    post({
      remoteId: "1",
      url: `${site}/grinder/`,
      title: "How to Clean a Coffee Grinder",
      html: `<p>Clean your coffee grinder.</p><p><a href="/espresso/">espresso</a> <a href="${site}/about/">about</a>
        <a href="https://elsewhere.example/">out</a> <a href="${site}/grinder/">self</a> <a href="/espresso">again</a></p>`,
    }),
    post({
      remoteId: "2",
      url: `${site}/espresso/`,
      title: "Espresso",
      html: `<p>See <a href="https://www.site.example/grinder">the grinder</a>.</p>`,
      keyphrase: "espresso basics",
      keyphraseSource: "rankmath",
    }),
    post({ remoteId: "3", url: `${site}/orphan/`, title: "An Orphan", html: "<p>Nothing links here.</p>" }),
  ];

  it("counts links between the site's own posts and pages both ways, once per target, not to itself", () => {
    const result = analyzeSitePosts(posts, { siteUrl: site, otherPages: [`${site}/about`], now });
    expect(result.map((p) => [p.remoteId, p.linksOut, p.linksIn])).toEqual([
      ["1", 2, 1],
      ["2", 1, 1],
      ["3", 0, 0],
    ]);
  });

  it("scores each post with the site's keyphrase, else one from its title, and lists the failed checks", () => {
    const [grinder, espresso] = analyzeSitePosts(posts, { siteUrl: site, otherPages: [], now });
    expect(grinder).toMatchObject({ keyphrase: "clean a coffee grinder", keyphraseSource: "title" });
    expect(espresso).toMatchObject({ keyphrase: "espresso basics", keyphraseSource: "rankmath" });
    expect(grinder!.score).toBeGreaterThanOrEqual(0);
    expect(grinder!.score).toBeLessThan(100);
    expect(grinder!.words).toBeGreaterThan(3);
    const ids = grinder!.failingChecks.map((c) => c.id);
    expect(ids).toContain("text-length");
    expect(ids).toContain("meta-description-length");
    expect(ids).not.toContain("internal-links");
    for (const check of grinder!.failingChecks) expect(check.message.length).toBeGreaterThan(0);
  });

  it("keeps the Search Console figures it is given, and ranks an unlinked weak post above a linked one", () => {
    const figures = new Map([
      [
        "1",
        {
          clicks: 5,
          impressions: 900,
          position: 8.2,
          previousClicks: 40,
          previousImpressions: 1000,
          previousPosition: 5,
        },
      ],
    ]);
    const result = analyzeSitePosts(posts, { siteUrl: site, otherPages: [], figures, now });
    expect(result[0]).toMatchObject({ clicks: 5, impressions: 900, previousClicks: 40 });
    expect(result[1]!.clicks).toBeNull();
    expect(result[0]!.opportunity).toBeGreaterThan(result[1]!.opportunity);
  });
});

describe("computeOpportunity", () => {
  const base = { score: 60, failingChecks: 3, linksIn: 2, publishedAt: now, modifiedAt: null };
  const none = { impressions: null, clicks: null, previousClicks: null };
  it("follows the documented formula", () => {
    // gap 40 × reach 1 + decline 0 + age 0 + 2 × 3 failing + orphan 0
    expect(computeOpportunity({ ...base, ...none }, now)).toBe(46);
    // + orphan 10, + 12 months of age
    const yearOld = new Date(now.getTime() - 365.28 * 24 * 60 * 60_000);
    expect(computeOpportunity({ ...base, ...none, linksIn: 0, publishedAt: yearOld }, now)).toBeCloseTo(68, 0);
    // 999 impressions: reach 4; 30 clicks lost: + 60
    expect(computeOpportunity({ ...base, impressions: 999, clicks: 10, previousClicks: 40 }, now)).toBe(
      40 * 4 + 60 + 6,
    );
  });
  it("puts a post losing clicks, or seen by many with a low score, first", () => {
    const losing = computeOpportunity({ ...base, score: 80, impressions: 100, clicks: 5, previousClicks: 50 }, now);
    const steady = computeOpportunity({ ...base, score: 80, impressions: 100, clicks: 50, previousClicks: 50 }, now);
    expect(losing).toBeGreaterThan(steady);
    const seen = computeOpportunity({ ...base, score: 40, impressions: 10_000, clicks: 10, previousClicks: 10 }, now);
    const unseen = computeOpportunity({ ...base, score: 40, impressions: 3, clicks: 0, previousClicks: 0 }, now);
    expect(seen).toBeGreaterThan(unseen);
  });
});
