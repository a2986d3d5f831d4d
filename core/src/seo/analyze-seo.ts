import { runSeoChecks } from "./checks/index.ts";
import { buildSeoContext } from "./context.ts";
import { computeSeoScore } from "./score.ts";
import { readingTimeMinutes } from "./text/reading-time.ts";
import type { SeoInput, SeoReport } from "./types.ts";

/**
 * Analyses a post the way Yoast SEO and Rank Math do: the body HTML is parsed once into a small document model,
 * every check reads it, and the score weighs their results (see score.ts and README.md).
 */
export function analyzeSeo(input: SeoInput): SeoReport {
  const context = buildSeoContext(input);
  const checks = runSeoChecks(context);
  return {
    score: computeSeoScore(checks),
    checks,
    wordCount: context.wordCount,
    readingTime: readingTimeMinutes(context.wordCount),
    fleschReadingEase: context.fleschReadingEase,
    keyphraseDensity: context.keyphraseDensity,
    keyphraseCount: context.keyphraseCount,
    titleWidthPx: context.titleWidthPx,
  };
}
