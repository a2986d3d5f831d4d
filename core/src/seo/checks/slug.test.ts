import { describe, expect, it } from "vitest";
import { analyzeSeo } from "../analyze-seo.ts";
import { contextFor } from "../test-support/build-post.ts";
import { SAMPLE_POST } from "../test-support/sample-post.ts";
import { checkKeyphraseInSlug, checkSlugLength } from "./slug.ts";

describe("checkKeyphraseInSlug", () => {
  const check = (slug: string | null, keyphrase = "coffee grinder") =>
    checkKeyphraseInSlug(contextFor({ slug, keyphrase }));

  it("passes a slug holding every word of the keyphrase, plurals and function words aside", () => {
    expect(check("coffee-grinders")?.status).toBe("pass");
    expect(check("best-grinder-for-coffee")?.status).toBe("pass");
    expect(check("how-to-choose-a-coffee-grinder", "how to choose a coffee grinder")?.status).toBe("pass");
  });

  it("finds a hyphenated keyphrase word by its parts, as every slug is hyphenated", () => {
    expect(check("pour-over-set", "pour-over set")?.status).toBe("pass");
    expect(check("the-perfect-pour-over-at-home", "pour-over set")?.status).toBe("warn");
    expect(check("filter-coffee-set", "pour-over set")?.status).toBe("warn");
    expect(check("brewing-tips", "pour-over set")?.status).toBe("fail");
  });

  it("warns about a slug with only part of the keyphrase, and fails one without it, saying what to do", () => {
    expect(check("coffee-guide")?.status).toBe("warn");
    const missing = check("brewing-tips");
    expect(missing?.status).toBe("fail");
    expect(missing?.message).toContain('"coffee grinder"');
  });

  it("fails an empty slug and is left out when the post has none (older posts)", () => {
    expect(check("")?.status).toBe("fail");
    expect(check(null)).toBeNull();
  });
});

describe("checkSlugLength", () => {
  it("passes a short slug, warns about one over 75 characters, and fails an empty one", () => {
    expect(checkSlugLength(contextFor({ slug: "coffee-grinder" }))?.status).toBe("pass");
    const long = checkSlugLength(contextFor({ slug: "a-very-long-address-".repeat(5).replace(/-$/, "") }));
    expect(long?.status).toBe("warn");
    expect(long?.message).toMatch(/^The slug is \d+ characters long\. Shorten it to at most 75/);
    expect(checkSlugLength(contextFor({ slug: "" }))?.status).toBe("fail");
    expect(checkSlugLength(contextFor({}))).toBeNull();
  });
});

describe("the SEO title and the slug in the analysis", () => {
  it("reads the title checks from the SEO title when there is one, and the post title otherwise", () => {
    const withoutKeyphrase = { ...SAMPLE_POST, title: "Morning Rituals for Slow Weekends at Home With Friends" };
    const byTitle = analyzeSeo(withoutKeyphrase).checks.find((c) => c.id === "keyphrase-in-title");
    expect(byTitle?.status).toBe("fail");
    const bySeoTitle = analyzeSeo({
      ...withoutKeyphrase,
      seoTitle: `Coffee Grinder Guide: Pick the Right One at Home`,
    });
    expect(bySeoTitle.checks.find((c) => c.id === "keyphrase-in-title")?.status).toBe("pass");
    expect(bySeoTitle.score).toBeGreaterThan(analyzeSeo(withoutKeyphrase).score);
  });

  it("adds the two slug checks, after the title ones, only when the post has a slug", () => {
    const ids = analyzeSeo({ ...SAMPLE_POST, slug: "coffee-grinder" }).checks.map((c) => c.id);
    expect(ids.indexOf("keyphrase-in-slug")).toBe(ids.indexOf("keyphrase-in-title") + 1);
    expect(ids).toContain("slug-length");
    expect(analyzeSeo(SAMPLE_POST).checks.map((c) => c.id)).not.toContain("keyphrase-in-slug");
  });
});
