import type { SeoContext } from "../context.ts";
import type { SeoCheck } from "../types.ts";
import { checkCompetingLinks } from "./competing-links.ts";
import { checkFleschReadingEase } from "./flesch-reading-ease.ts";
import { checkKeyphraseDensity } from "./keyphrase-density.ts";
import { checkKeyphraseInImageAlt } from "./keyphrase-in-image-alt.ts";
import { checkKeyphraseInIntroduction } from "./keyphrase-in-introduction.ts";
import { checkKeyphraseInMetaDescription } from "./keyphrase-in-meta-description.ts";
import { checkKeyphraseInSubheadings } from "./keyphrase-in-subheadings.ts";
import { checkKeyphraseInTitle } from "./keyphrase-in-title.ts";
import { checkKeyphraseLength } from "./keyphrase-length.ts";
import { checkInternalLinks, checkOutboundLinks } from "./links.ts";
import { checkMetaDescriptionLength } from "./meta-description-length.ts";
import { checkParagraphLength } from "./paragraph-length.ts";
import { checkPassiveVoice } from "./passive-voice.ts";
import { checkSecondaryKeywords } from "./secondary-keywords.ts";
import { checkSentenceLength } from "./sentence-length.ts";
import { checkKeyphraseInSlug, checkSlugLength } from "./slug.ts";
import { checkSingleH1 } from "./single-h1.ts";
import { checkSubheadingDistribution } from "./subheading-distribution.ts";
import { checkTextLength } from "./text-length.ts";
import { checkTitleWidth } from "./title-width.ts";
import { checkTransitionWords } from "./transition-words.ts";

/**
 * The check set's version, stored with each analysed post. Raise it when a check is added or removed or scores
 * differently: stored posts analysed with an older set are analysed again in the background (rescoreStoredPosts), so a
 * post shows one score everywhere. 1: "Competing links" added.
 */
export const SEO_CHECKS_VERSION = 1;

/** Every check, in the order a user reads them: keyphrase, then content and links, then readability. */
const CHECKS: ReadonlyArray<(context: SeoContext) => SeoCheck | null> = [
  checkKeyphraseInTitle,
  checkKeyphraseInSlug,
  checkKeyphraseInIntroduction,
  checkKeyphraseDensity,
  checkKeyphraseInMetaDescription,
  checkKeyphraseInSubheadings,
  checkKeyphraseInImageAlt,
  checkKeyphraseLength,
  checkSecondaryKeywords,
  checkTitleWidth,
  checkSlugLength,
  checkMetaDescriptionLength,
  checkTextLength,
  checkSingleH1,
  checkInternalLinks,
  checkOutboundLinks,
  checkCompetingLinks,
  checkParagraphLength,
  checkSentenceLength,
  checkSubheadingDistribution,
  checkPassiveVoice,
  checkTransitionWords,
  checkFleschReadingEase,
];

export function runSeoChecks(context: SeoContext): SeoCheck[] {
  const results: SeoCheck[] = [];
  for (const check of CHECKS) {
    const result = check(context);
    if (result !== null) results.push(result);
  }
  return results;
}
