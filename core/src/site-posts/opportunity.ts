// How much a post stands to gain from a refresh, to sort "Your posts" (higher first). The formula:
//
//   opportunity = gap × reach + 2 × decline + age + 2 × failing + orphan
//
//   gap      100 − the SEO score (0..100): what the checks leave to fix
//   reach    1 + log10(1 + impressions over the last 28 days) when Search Console is connected, else 1: a low score
//            matters more on a post many people see
//   decline  clicks lost against the 28 days before (previous − last, at least 0; 0 when unknown): a post losing
//            clicks comes first
//   age      months since the post was last changed (else published), at most 24
//   failing  the number of failed checks
//   orphan   10 when no other post of the site links to it, 5 when one does, else 0
//
// Rounded to one decimal. Without Search Console, a weak, old, unlinked post comes first; with it, the same post
// seen by many, or losing clicks, comes before one nobody finds.
import type { SearchFigures } from "./types.ts";

const MONTH_MS = 30.44 * 24 * 60 * 60_000;

export interface OpportunityInput extends Pick<SearchFigures, "impressions" | "clicks" | "previousClicks"> {
  score: number;
  failingChecks: number;
  linksIn: number;
  publishedAt: Date | null;
  modifiedAt: Date | null;
}

export function computeOpportunity(input: OpportunityInput, now: Date): number {
  const gap = 100 - Math.min(100, Math.max(0, input.score));
  const reach = input.impressions === null ? 1 : 1 + Math.log10(1 + Math.max(0, input.impressions));
  const decline =
    input.clicks === null || input.previousClicks === null ? 0 : Math.max(0, input.previousClicks - input.clicks);
  const changed = input.modifiedAt ?? input.publishedAt;
  const age = changed ? Math.min(24, Math.max(0, (now.getTime() - changed.getTime()) / MONTH_MS)) : 0;
  const orphan = input.linksIn === 0 ? 10 : input.linksIn === 1 ? 5 : 0;
  const value = gap * reach + 2 * decline + age + 2 * input.failingChecks + orphan;
  return Math.round(value * 10) / 10;
}

/** The opportunity of a post as stored ("Your posts"), with the Search Console figures it now has (null: none). */
export function storedPostOpportunity(
  post: Omit<OpportunityInput, "failingChecks" | "impressions" | "clicks" | "previousClicks"> & {
    failingChecks: unknown;
  },
  figures: Pick<SearchFigures, "impressions" | "clicks" | "previousClicks">,
  now: Date,
): number {
  return computeOpportunity(
    {
      score: post.score,
      failingChecks: Array.isArray(post.failingChecks) ? post.failingChecks.length : 0,
      linksIn: post.linksIn,
      publishedAt: post.publishedAt,
      modifiedAt: post.modifiedAt,
      clicks: figures.clicks,
      impressions: figures.impressions,
      previousClicks: figures.previousClicks,
    },
    now,
  );
}
