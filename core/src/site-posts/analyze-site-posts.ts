// Analyses every post read from one site: each is scored by the SEO analyser (the checks the writers use) with the
// keyphrase the site's SEO plugin exposes, else one derived from its title; its words are counted; the links between
// the site's own posts and pages are counted both ways (out: distinct pages of the site a post links to, posts and
// indexed pages alike; in: other posts linking to it); and its opportunity is computed (opportunity.ts). Addresses are
// compared without scheme, "www.", query, fragment or trailing slash, relative links resolved against the post's own.
import { parseSeoDocument } from "../seo/document/parse-seo-document.ts";
import { analyzeSeo } from "../seo/analyze-seo.ts";
import { deriveKeyphrase } from "./derive-keyphrase.ts";
import { computeOpportunity } from "./opportunity.ts";
import { NO_SEARCH_FIGURES, type AnalysedSitePost, type RemoteSitePost, type SearchFigures } from "./types.ts";

/** The address of a page of the site, as compared: host (no www.) and path (no trailing slash), or null. */
export function pageKey(href: string, base: string): string | null {
  let url: URL;
  try {
    url = new URL(href.trim(), base);
  } catch {
    return null;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return null;
  const host = url.host.toLowerCase().replace(/^www\./, "");
  // WordPress's plain links (?p=12, ?page_id=3) name the page by their query.
  const plain = /^[?&]?(p|page_id)=\d+/.exec(url.search.replace(/^\?/, ""))?.[0];
  const path = decodeURI(url.pathname).replace(/\/+$/, "") || "/";
  return `${host}${path}${plain ? `?${plain}` : ""}`;
}

export function analyzeSitePosts(
  posts: readonly RemoteSitePost[],
  input: {
    /** The site's public address: tells internal links from outbound ones. */
    siteUrl: string;
    /** Addresses of the site's other indexed pages (pages, categories, products...). */
    otherPages: readonly string[];
    /** Search Console figures already known, by remote id. */
    figures?: ReadonlyMap<string, SearchFigures>;
    now: Date;
  },
): AnalysedSitePost[] {
  const postByKey = new Map<string, number>();
  posts.forEach((post, index) => {
    const key = pageKey(post.url, input.siteUrl);
    if (key && !postByKey.has(key)) postByKey.set(key, index);
  });
  const pages = new Set(input.otherPages.map((url) => pageKey(url, input.siteUrl)).filter((k) => k !== null));
  const linksOut = posts.map((post, index) => {
    const targets = new Set<string>();
    for (const link of parseSeoDocument(post.html).links) {
      const key = pageKey(link.href, post.url || input.siteUrl);
      if (!key || postByKey.get(key) === index) continue;
      if (postByKey.has(key) || pages.has(key)) targets.add(key);
    }
    return targets;
  });
  const linksIn = posts.map(() => 0);
  for (const targets of linksOut) {
    for (const key of targets) {
      const target = postByKey.get(key);
      if (target !== undefined) linksIn[target] = (linksIn[target] ?? 0) + 1;
    }
  }

  return posts.map((post, index) => {
    const keyphrase = post.keyphrase?.trim() || deriveKeyphrase(post.title);
    const report = analyzeSeo({
      title: post.title,
      seoTitle: post.seoTitle?.trim() || undefined,
      slug: post.slug,
      metaDescription: post.metaDescription,
      html: post.html,
      keyphrase,
      keywords: keyphrase ? [keyphrase] : [],
      siteUrl: input.siteUrl,
    });
    const failingChecks = report.checks
      .filter((check) => check.status === "fail")
      .map(({ id, label, message }) => ({ id, label, message }));
    const figures = input.figures?.get(post.remoteId) ?? NO_SEARCH_FIGURES;
    const incoming = linksIn[index] ?? 0;
    return {
      remoteId: post.remoteId,
      url: post.url,
      title: post.title,
      publishedAt: post.publishedAt,
      modifiedAt: post.modifiedAt,
      words: report.wordCount,
      score: report.score,
      failingChecks,
      keyphrase,
      keyphraseSource: post.keyphrase?.trim() ? (post.keyphraseSource ?? "yoast") : "title",
      linksOut: linksOut[index]?.size ?? 0,
      linksIn: incoming,
      ...figures,
      opportunity: computeOpportunity(
        {
          score: report.score,
          failingChecks: failingChecks.length,
          linksIn: incoming,
          publishedAt: post.publishedAt,
          modifiedAt: post.modifiedAt,
          impressions: figures.impressions,
          clicks: figures.clicks,
          previousClicks: figures.previousClicks,
        },
        input.now,
      ),
    };
  });
}
