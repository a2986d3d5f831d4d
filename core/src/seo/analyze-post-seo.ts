// The SEO analysis of a post being edited elsewhere (the WordPress editor's Postwright sidebar): the SEO title when
// one is set, else the title; the focus keyphrase when one is set, else the first keyword.
import type { SeoAnalysis, SeoAnalyzeInput } from "../contracts/wordpress-plugin.ts";
import { analyzeSeo } from "./analyze-seo.ts";

export function analyzePostSeo(input: SeoAnalyzeInput, options: { siteUrl?: string } = {}): SeoAnalysis {
  const keywords = input.keywords.map((k) => k.trim()).filter(Boolean);
  const keyphrase = input.focusKeyphrase?.trim() || keywords[0] || "";
  const report = analyzeSeo({
    title: input.seoTitle?.trim() || input.title,
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
