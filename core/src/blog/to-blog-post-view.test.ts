import { describe, expect, it } from "vitest";
import type { BlogPost, PostPublication } from "../db/index.ts";
import { toBlogPostView } from "./to-blog-post-view.ts";

const created = new Date("2026-03-01T09:30:00.000Z");

function row(overrides: Partial<BlogPost> = {}): BlogPost {
  return {
    id: 7,
    userId: 3,
    title: "Dog food guide",
    content: "Dog food guide text",
    htmlContent: "<p>Dog food guide text</p>",
    metaDescription: "All about dog food.",
    seoTitle: null,
    slug: null,
    focusKeyphrase: null,
    linkedSiteUrl: null,
    keywords: ["dog food"],
    seoInstructions: "",
    links: [{ url: "https://happypaws.example/shop", description: "our shop" }],
    images: [{ url: "/uploads/a.png", altText: "A puppy" }],
    shopifyArticleId: null,
    status: "draft",
    createdAt: created,
    updatedAt: created,
    scheduledPublishDate: null,
    isScheduled: false,
    scheduledPlatforms: [],
    companyName: "Happy Paws",
    wordCount: 5,
    readingTime: 1,
    seoScore: 42,
    seoChecks: [{ id: "title-keyphrase", label: "Keyphrase in title", status: "pass", message: "Good." }],
    seoChecksVersion: 1,
    generator: "offline",
    wordpressPostId: null,
    lastError: null,
    wordpressConnectionId: null,
    productFacts: null,
    productFactsReport: null,
    factsPolicy: "hold",
    productCards: null,
    showProductCards: false,
    ...overrides,
  };
}

describe("toBlogPostView", () => {
  it("returns the post with dates as ISO strings and its publications", () => {
    const publishedAt = new Date("2026-03-02T10:00:00.000Z");
    const publication = {
      platform: "wordpress",
      status: "published",
      remoteUrl: "https://site.example/dog-food",
      lastError: null,
      publishedAt,
    } as PostPublication;
    const view = toBlogPostView({ ...row({ status: "published" }), publications: [publication] });
    expect(view).toMatchObject({
      id: 7,
      status: "published",
      links: [{ url: "https://happypaws.example/shop", description: "our shop" }],
      images: [{ url: "/uploads/a.png", altText: "A puppy" }],
      seoChecks: [{ id: "title-keyphrase", label: "Keyphrase in title", status: "pass", message: "Good." }],
      createdAt: "2026-03-01T09:30:00.000Z",
      publications: [
        {
          platform: "wordpress",
          status: "published",
          remoteUrl: "https://site.example/dog-food",
          lastError: null,
          publishedAt: "2026-03-02T10:00:00.000Z",
        },
      ],
    });
    expect(view).not.toHaveProperty("userId");
  });

  it("leaves out stored entries of the wrong shape instead of failing the whole list", () => {
    const view = toBlogPostView(
      row({
        status: "archived",
        links: [{ url: "not a url", description: "x" }, "junk", { url: "https://ok.example", description: "fine" }],
        images: { url: "/uploads/a.png" },
        seoChecks: [{ id: "x", status: "great" }, null],
        scheduledPlatforms: ["shopify", "myspace"],
      }),
    );
    expect(view.status).toBe("draft");
    expect(view.links).toEqual([{ url: "https://ok.example", description: "fine" }]);
    expect(view.images).toEqual([]);
    expect(view.seoChecks).toEqual([]);
    expect(view.scheduledPlatforms).toEqual(["shopify"]);
    expect(view.publications).toEqual([]);
  });
});
