import type { SeoCheck, SeoStatus } from "./types.ts";

/**
 * How much each check weighs in the score. The keyphrase in the title, its density and the length of the text
 * matter most to ranking; then the introduction, the snippet (meta description, title width) and links; the
 * readability checks weigh least. A check not listed weighs 1.
 */
export const CHECK_WEIGHTS: Readonly<Record<string, number>> = {
  "keyphrase-in-title": 8,
  "keyphrase-density": 7,
  "text-length": 7,
  "keyphrase-in-introduction": 6,
  "keyphrase-in-meta-description": 5,
  "meta-description-length": 5,
  "title-width": 5,
  "keyphrase-in-subheadings": 4,
  "internal-links": 4,
  "keyphrase-in-slug": 3,
  "keyphrase-in-image-alt": 3,
  "outbound-links": 3,
  "competing-links": 3,
  "single-h1": 3,
  "secondary-keywords": 3,
  "paragraph-length": 3,
  "sentence-length": 3,
  "subheading-distribution": 3,
  "flesch-reading-ease": 3,
  "keyphrase-length": 2,
  "slug-length": 2,
  "passive-voice": 2,
  "transition-words": 2,
};

/** A pass earns a check's full weight, a warning half of it, a failure nothing. */
const STATUS_POINTS: Readonly<Record<SeoStatus, number>> = { pass: 1, warn: 0.5, fail: 0 };

/** The weighted share of points earned, as an integer 0..100 (0 when there is no check). */
export function computeSeoScore(checks: readonly SeoCheck[]): number {
  let earned = 0;
  let possible = 0;
  for (const check of checks) {
    const weight = CHECK_WEIGHTS[check.id] ?? 1;
    earned += weight * STATUS_POINTS[check.status];
    possible += weight;
  }
  return possible === 0 ? 0 : Math.round((earned / possible) * 100);
}
