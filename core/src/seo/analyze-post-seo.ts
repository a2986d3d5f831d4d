// The SEO analysis of a post being edited elsewhere (the WordPress editor's Postwright sidebar), with the same fields
// the writers score a post with: the title and the SEO title (the title checks read the SEO title when one is set),
// the slug, the meta description, and the focus keyphrase (else the first keyword). The same post and fields score
// the same here as in the post's own analysis.
import type { SeoAnalysis, SeoAnalyzeInput } from "../contracts/wordpress-plugin.ts";
import { analyzeSeo } from "./analyze-seo.ts";

export function analyzePostSeo(input: SeoAnalyzeInput, options: { siteUrl?: string } = {}): SeoAnalysis {
  const keywords = input.keywords.map((k) => k.trim()).filter(Boolean);
  const keyphrase = input.focusKeyphrase?.trim() || keywords[0] || "";
  const report = analyzeSeo({
    title: input.title,
    seoTitle: input.seoTitle?.trim() || undefined,
    slug: input.slug?.trim() || undefined,
    metaDescription: input.metaDescription ?? "",
    html: input.content,
    keyphrase,
    keywords: keyphrase && !keywords.includes(keyphrase) ? [keyphrase, ...keywords] : keywords,
    siteUrl: options.siteUrl,
  });
  return {
    score: report.score,
    checks: report.checks.map(({ id, label, status, message }) => ({ id, label, status, message })),
    wordCount: report.wordCount,
    readingTime: report.readingTime,
  };
}
