// A published post as read from its site, before analysis.
export interface RemoteSitePost {
  /** The post's id on its platform (WordPress post id, Shopify article GID). */
  remoteId: string;
  /** Its public address. */
  url: string;
  title: string;
  /** The URL slug (WordPress slug, Shopify handle). */
  slug: string | null;
  /** Body HTML as the site renders it. */
  html: string;
  /** The SEO title the site sets (Yoast, Rank Math, Shopify's title tag), else null. */
  seoTitle: string | null;
  /** The meta description the site sets (SEO plugin, Shopify's description tag or the article's summary), else "". */
  metaDescription: string;
  /** The focus keyphrase the site's SEO plugin exposes, else null (then derived from the title). */
  keyphrase: string | null;
  keyphraseSource: "yoast" | "rankmath" | null;
  publishedAt: Date | null;
  modifiedAt: Date | null;
}

/** Search Console's figures for one post: the last 28 days and the 28 before (null where unknown). */
export interface SearchFigures {
  clicks: number | null;
  impressions: number | null;
  position: number | null;
  previousClicks: number | null;
  previousImpressions: number | null;
  previousPosition: number | null;
}

export const NO_SEARCH_FIGURES: SearchFigures = {
  clicks: null,
  impressions: null,
  position: null,
  previousClicks: null,
  previousImpressions: null,
  previousPosition: null,
};

export interface FailingCheck {
  id: string;
  label: string;
  message: string;
}

/** A post with its analysis, as stored. */
export interface AnalysedSitePost extends SearchFigures {
  remoteId: string;
  url: string;
  title: string;
  publishedAt: Date | null;
  modifiedAt: Date | null;
  words: number;
  score: number;
  failingChecks: FailingCheck[];
  keyphrase: string;
  keyphraseSource: "yoast" | "rankmath" | "title";
  linksOut: number;
  linksIn: number;
  opportunity: number;
}
