import { describe, expect, it } from "vitest";
import { writeOfflinePost } from "../ai/offline/write-post.ts";
import { generatePostSchema } from "../contracts/blog.ts";
import { analyzePostSeo } from "./analyze-post-seo.ts";

/** The post's HTML as the block editor holds it once converted to blocks: comment delimiters and block classes. */
function asBlocks(html: string): string {
  return html
    .replace(/<p>([\s\S]*?)<\/p>/g, "<!-- wp:paragraph -->\n<p>$1</p>\n<!-- /wp:paragraph -->\n\n")
    .replace(/<h([2-6])>([\s\S]*?)<\/h\1>/g, (_, level: string, text: string) => {
      const attributes = level === "2" ? "" : ` {"level":${level}}`;
      return `<!-- wp:heading${attributes} -->\n<h${level} class="wp-block-heading">${text}</h${level}>\n<!-- /wp:heading -->\n\n`;
    })
    .replace(/<ul>([\s\S]*?)<\/ul>/g, '<!-- wp:list -->\n<ul class="wp-block-list">$1</ul>\n<!-- /wp:list -->\n\n');
}

describe("the analysis of a post being edited in WordPress", () => {
  const input = generatePostSchema.parse({
    title: "Pour-over vs French press: which suits you?",
    keywords: ["pour-over coffee", "french press", "coffee grinder"],
    companyName: "Bean Co",
    links: [
      { url: "https://beans.example/shop/grinders", description: "our grinders" },
      { url: "https://www.example.org/coffee-science", description: "the science of extraction" },
    ],
  });
  const post = writeOfflinePost(input, { siteUrl: "https://beans.example" });
  const fields = {
    title: post.title,
    seoTitle: post.seoTitle,
    slug: post.slug,
    metaDescription: post.metaDescription,
    focusKeyphrase: post.focusKeyphrase,
    keywords: input.keywords,
  };

  it("scores the same post with the same fields as the writer did, block markup and all", () => {
    const analysis = analyzePostSeo({ ...fields, content: asBlocks(post.html) }, { siteUrl: "https://beans.example" });
    expect(analysis.score).toBe(post.seo.score);
    expect(analysis.checks).toEqual(
      post.seo.checks.map(({ id, label, status, message }) => ({ id, label, status, message })),
    );
  });

  it("reads the SEO title and the slug, as the post's own analysis does", () => {
    const withoutSeoTitle = analyzePostSeo({ ...fields, seoTitle: undefined, content: post.html });
    // The typed title does not start with the keyphrase; the SEO title does.
    expect(withoutSeoTitle.checks.find((c) => c.id === "keyphrase-in-title")?.status).not.toBe("pass");
    const withFields = analyzePostSeo({ ...fields, content: post.html });
    expect(withFields.checks.find((c) => c.id === "keyphrase-in-title")?.status).toBe("pass");
    expect(withFields.checks.find((c) => c.id === "keyphrase-in-slug")?.status).toBe("pass");
    expect(withoutSeoTitle.checks.some((c) => c.id === "keyphrase-in-slug")).toBe(true);
    expect(
      analyzePostSeo({ ...fields, slug: undefined, content: post.html }).checks.some(
        (c) => c.id === "keyphrase-in-slug",
      ),
    ).toBe(false);
  });
});
