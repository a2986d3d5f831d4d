import type { SeoContext } from "../context.ts";
import { findPhrase, countContentWordsPresent } from "../text/keyphrase.ts";
import { isFunctionWord } from "../text/function-words.ts";
import type { SeoCheck } from "../types.ts";
import { checkResult } from "./format.ts";

const ID = "keyphrase-in-title";
const LABEL = "Keyphrase in SEO title";

/**
 * Yoast SEO and Rank Math: the exact keyphrase in the SEO title (the title shown in search results; the post's own
 * title when none is set), best at the start (leading function words aside). The post's title is the owner's and
 * never needs the keyphrase.
 */
export function checkKeyphraseInTitle(
  context: Pick<SeoContext, "title" | "titleWords" | "titleStems" | "keyphrase">,
): SeoCheck {
  const { keyphrase, title, titleWords, titleStems } = context;
  if (keyphrase === null)
    return checkResult(ID, LABEL, "fail", "Add a focus keyphrase to check whether the SEO title uses it.");
  if (title === "") {
    return checkResult(ID, LABEL, "fail", `Add an SEO title that starts with the keyphrase "${keyphrase.text}".`);
  }
  const at = findPhrase(keyphrase, titleStems);
  if (at >= 0) {
    const startsWithIt = titleWords.slice(0, at).every(isFunctionWord);
    return startsWithIt
      ? checkResult(ID, LABEL, "pass", "The SEO title starts with the keyphrase. Well done.")
      : checkResult(
          ID,
          LABEL,
          "warn",
          `The SEO title contains the keyphrase "${keyphrase.text}", but not at the start. Move it to the beginning of the SEO title.`,
        );
  }
  if (countContentWordsPresent(keyphrase, titleStems) === keyphrase.contentStems.length) {
    return checkResult(
      ID,
      LABEL,
      "warn",
      `The SEO title contains the words of the keyphrase "${keyphrase.text}", but not as one phrase. Use the exact keyphrase, ideally at the start.`,
    );
  }
  return checkResult(
    ID,
    LABEL,
    "fail",
    `The SEO title does not contain the keyphrase "${keyphrase.text}". Add it, ideally at the start.`,
  );
}
