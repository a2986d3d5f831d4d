// A version of a post scored with the SEO checks Your posts and the writers use, with the post's keyphrase.
import type { RefreshScore } from "../contracts/refresh.ts";
import { analyzeSeo } from "../seo/analyze-seo.ts";
import type { PostVersion } from "./types.ts";

export function scorePostVersion(
  version: PostVersion,
  input: { keyphrase: string; slug: string | null; siteUrl: string },
): RefreshScore {
  const report = analyzeSeo({
    title: version.title,
    seoTitle: version.seoTitle?.trim() || undefined,
    slug: input.slug,
    metaDescription: version.metaDescription,
    html: version.html,
    keyphrase: input.keyphrase,
    keywords: input.keyphrase ? [input.keyphrase] : [],
    siteUrl: input.siteUrl,
  });
  return {
    score: report.score,
    words: report.wordCount,
    checks: report.checks.map(({ id, label, status, message }) => ({ id, label, status, message })),
  };
}
