export interface SeoInput {
  /** The post title; the title checks read it when there is no SEO title. */
  title: string;
  /** The title shown in search results; when given (not blank), the title checks read it instead of `title`. */
  seoTitle?: string | null;
  /** The post's URL slug; when given (even empty), the slug checks run. Null or undefined skips them. */
  slug?: string | null;
  metaDescription: string;
  /** Post body HTML. */
  html: string;
  /** Focus keyphrase: the owner's choice, else the first keyword. */
  keyphrase: string;
  /** All target keywords; the ones other than the keyphrase are checked as secondary keywords. */
  keywords?: string[];
  /** Tells internal from outbound links; relative links are always internal. */
  siteUrl?: string;
}

export type SeoStatus = "pass" | "warn" | "fail";

export interface SeoCheck {
  id: string;
  label: string;
  status: SeoStatus;
  message: string;
}

export interface SeoReport {
  /** Integer 0..100, the weighted result of the checks (see score.ts). */
  score: number;
  checks: SeoCheck[];
  /** Words of the visible body text. */
  wordCount: number;
  /** Minutes, at 200 words a minute, at least 1. */
  readingTime: number;
  fleschReadingEase: number;
  /** Keyphrase occurrences per 100 words of body text. */
  keyphraseDensity: number;
  /** How many times the keyphrase occurs in the body text. */
  keyphraseCount: number;
  /** Estimated width of the title in Google's results, in pixels. */
  titleWidthPx: number;
}
