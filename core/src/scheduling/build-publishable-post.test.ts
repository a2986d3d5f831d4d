import { describe, expect, it } from "vitest";
import type { BlogPost } from "../db/index.ts";
import { buildPublishablePost } from "./build-publishable-post.ts";

const row = (
  overrides: Partial<BlogPost> = {},
  user = { firstName: "Ada" as string | null, lastName: "Lovelace" as string | null },
) => ({
  id: 12,
  userId: 1,
  title: "Cold Brew at Home",
  content: "Steep it.",
  htmlContent: "<p>Steep it.</p>",
  metaDescription: "How to make cold brew.",
  seoTitle: null,
  slug: null,
  focusKeyphrase: null,
  linkedSiteUrl: null,
  keywords: ["cold brew", "coffee"],
  seoInstructions: null,
  links: null,
  images: [{ url: "/uploads/a.png", altText: "A glass" }, { nonsense: true }, { url: "/uploads/b.jpg" }],
  shopifyArticleId: null,
  status: "draft",
  createdAt: new Date(),
  updatedAt: new Date(),
  scheduledPublishDate: null,
  isScheduled: false,
  scheduledPlatforms: [],
  companyName: "Bean Co",
  wordCount: 2,
  readingTime: 1,
  seoScore: 80,
  seoChecks: null,
  seoChecksVersion: 1,
  generator: "offline",
  wordpressPostId: null,
  wordpressConnectionId: null,
  lastError: null,
  productFacts: null,
  productFactsReport: null,
  factsPolicy: "hold",
  productCards: null,
  showProductCards: false,
  ...overrides,
  user,
});

describe("buildPublishablePost", () => {
  it("publishes the HTML, meta description, keywords and a stable handle", () => {
    expect(buildPublishablePost(row())).toMatchObject({
      id: 12,
      title: "Cold Brew at Home",
      html: "<p>Steep it.</p>",
      metaDescription: "How to make cold brew.",
      keywords: ["cold brew", "coffee"],
      handle: "cold-brew-at-home-pw12",
      author: "Ada Lovelace",
    });
  });

  it("publishes the SEO title, the focus keyphrase and the post's slug, under which it is also found again", () => {
    const built = buildPublishablePost(
      row({ seoTitle: "Cold Brew: Make It at Home", slug: "cold-brew", focusKeyphrase: "cold brew" }),
    );
    expect(built).toMatchObject({
      seoTitle: "Cold Brew: Make It at Home",
      slug: "cold-brew",
      focusKeyphrase: "cold brew",
      handle: "cold-brew",
    });
    // A post written before these fields existed: its first keyword, and no slug of its own.
    expect(buildPublishablePost(row())).toMatchObject({ seoTitle: null, slug: null, focusKeyphrase: "cold brew" });
  });

  it("keeps the attached images that are well formed and skips the rest", () => {
    expect(buildPublishablePost(row()).images).toEqual([
      { url: "/uploads/a.png", altText: "A glass" },
      { url: "/uploads/b.jpg", altText: "" },
    ]);
    expect(buildPublishablePost(row({ images: null })).images).toEqual([]);
  });

  it("signs with the company when the user has no name", () => {
    expect(buildPublishablePost(row({}, { firstName: null, lastName: null })).author).toBe("Bean Co");
    expect(buildPublishablePost(row({ companyName: null }, { firstName: null, lastName: null })).author).toBe(
      "Blog team",
    );
  });
});
