import { checkKeyphraseInTitle } from "./checks/keyphrase-in-title.ts";
import { checkTitleWidth } from "./checks/title-width.ts";
import { computeSeoScore } from "./score.ts";
import { compileKeyphrase } from "./text/keyphrase.ts";
import { stemWord, tokenizeWords } from "./text/words.ts";
import { titleWidthPx } from "../contracts/title-width.ts";

/**
 * The SEO score (0..100) of a title on its own, from the checks that read only the title: the keyphrase in it (best
 * at the start) and its width in Google's results, weighted as in the full analysis. Used to rank title suggestions.
 */
export function scoreTitle(title: string, keyphrase: string): number {
  const trimmed = title.trim();
  const titleWords = tokenizeWords(trimmed);
  const context = {
    title: trimmed,
    titleWords,
    titleStems: titleWords.map(stemWord),
    titleWidthPx: titleWidthPx(trimmed),
    keyphrase: compileKeyphrase(keyphrase),
  };
  return computeSeoScore([checkKeyphraseInTitle(context), checkTitleWidth(context)]);
}
