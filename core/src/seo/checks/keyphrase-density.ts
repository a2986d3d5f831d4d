import type { SeoContext } from "../context.ts";
import type { SeoCheck } from "../types.ts";
import { checkResult, plural, range } from "./format.ts";

const ID = "keyphrase-density";
const LABEL = "Keyphrase density";
/** Percent of the words: the recommended range, and past which the text reads as stuffed. */
const MIN_DENSITY = 0.5;
const MAX_DENSITY = 3;
const STUFFED_DENSITY = 4;

/** Yoast SEO and Rank Math: keyphrase occurrences per 100 words between 0.5 and 3. */
export function checkKeyphraseDensity(context: SeoContext): SeoCheck {
  const { keyphrase, wordCount, keyphraseCount: count, keyphraseDensity: density } = context;
  if (keyphrase === null) return checkResult(ID, LABEL, "fail", "Add a focus keyphrase to measure its density.");
  if (wordCount === 0) {
    return checkResult(ID, LABEL, "fail", `Write the post, using the keyphrase "${keyphrase.text}" a few times.`);
  }
  const min = Math.max(1, Math.ceil((wordCount * MIN_DENSITY) / 100));
  const max = Math.max(min, Math.floor((wordCount * MAX_DENSITY) / 100));
  const advice = `Use it ${min === max ? plural(min, "time") : `${range(min, max)} times`} (${MIN_DENSITY}–${MAX_DENSITY}% of the words).`;
  if (count === 0) {
    return checkResult(ID, LABEL, "fail", `The keyphrase "${keyphrase.text}" does not appear in the text. ${advice}`);
  }
  const found = `The keyphrase appears ${plural(count, "time")} in ${plural(wordCount, "word")} (${density}%).`;
  if (density < MIN_DENSITY) return checkResult(ID, LABEL, "warn", `${found} ${advice}`);
  if (density > STUFFED_DENSITY) {
    return checkResult(
      ID,
      LABEL,
      "fail",
      `${found} That reads as keyword stuffing: use it at most ${plural(max, "time")}.`,
    );
  }
  if (density > MAX_DENSITY) {
    return checkResult(
      ID,
      LABEL,
      "warn",
      `${found} That is more than recommended: use it at most ${plural(max, "time")}.`,
    );
  }
  return checkResult(ID, LABEL, "pass", `${found} Well done.`);
}
