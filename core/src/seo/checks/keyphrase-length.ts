import type { SeoContext } from "../context.ts";
import type { SeoCheck } from "../types.ts";
import { checkResult, plural } from "./format.ts";

const ID = "keyphrase-length";
const LABEL = "Keyphrase length";
const MAX_GOOD_WORDS = 4;
const MAX_WORDS = 8;

/** Yoast SEO: a keyphrase of 1 to 4 content words; more than 8 is too long to be searched for. */
export function checkKeyphraseLength(context: SeoContext): SeoCheck {
  const { keyphrase } = context;
  if (keyphrase === null) {
    return checkResult(ID, LABEL, "fail", "Set a focus keyphrase: the search term this post should rank for.");
  }
  const words = keyphrase.contentStems.length;
  const found = `The keyphrase has ${plural(words, "content word")}.`;
  if (words > MAX_WORDS) {
    return checkResult(ID, LABEL, "fail", `${found} Use a much shorter phrase, of at most ${MAX_GOOD_WORDS} words.`);
  }
  if (words > MAX_GOOD_WORDS) {
    return checkResult(
      ID,
      LABEL,
      "warn",
      `${found} Shorten it to at most ${MAX_GOOD_WORDS} so it matches what people search for.`,
    );
  }
  return checkResult(ID, LABEL, "pass", `${found} A good length.`);
}
