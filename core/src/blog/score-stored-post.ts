// The SEO figures of a post as it is stored (its HTML with any product cards in it), from the same fields wherever a
// stored post is scored (when it is written, edited, a link taken out, or the check set changes): the title and SEO
// title, the slug, the meta description, the focus keyphrase (else the first keyword), the keywords, and the site the
// post links into (else this site's address). So a post scores the same when it is written as when it is scored again
// unchanged.
import { analyzeSeo, SEO_CHECKS_VERSION } from "../seo/index.ts";

export interface StoredSeoFields {
  title: string;
  seoTitle: string | null;
  slug: string | null;
  metaDescription: string | null;
  htmlContent: string;
  focusKeyphrase: string | null;
  keywords: string[];
  linkedSiteUrl: string | null;
}

export function scoreStoredPost(post: StoredSeoFields, siteUrl?: string) {
  const seo = analyzeSeo({
    title: post.title,
    seoTitle: post.seoTitle,
    slug: post.slug,
    metaDescription: post.metaDescription ?? "",
    html: post.htmlContent,
    keyphrase: post.focusKeyphrase ?? post.keywords[0] ?? "",
    keywords: post.keywords,
    siteUrl: post.linkedSiteUrl ?? siteUrl,
  });
  return {
    wordCount: seo.wordCount,
    readingTime: seo.readingTime,
    seoScore: seo.score,
    seoChecks: seo.checks.map(({ id, label, status, message }) => ({ id, label, status, message })),
    seoChecksVersion: SEO_CHECKS_VERSION,
  };
}
