import type { SeoContext } from "../context.ts";
import { countInSentence } from "../text/keyphrase.ts";
import type { SeoCheck } from "../types.ts";
import { checkResult, plural } from "./format.ts";

const ID = "keyphrase-in-meta-description";
const LABEL = "Keyphrase in meta description";
const MAX_OCCURRENCES = 2;

/** Yoast SEO: the keyphrase once or twice in the meta description. */
export function checkKeyphraseInMetaDescription(context: SeoContext): SeoCheck {
  const { keyphrase } = context;
  if (keyphrase === null) {
    return checkResult(ID, LABEL, "fail", "Add a focus keyphrase to check whether the meta description uses it.");
  }
  if (context.metaDescription === "") {
    return checkResult(ID, LABEL, "fail", `Write a meta description that includes the keyphrase "${keyphrase.text}".`);
  }
  let count = 0;
  for (const sentence of context.metaDescriptionSentences) count += countInSentence(keyphrase, sentence.stems);
  if (count === 0) {
    return checkResult(
      ID,
      LABEL,
      "fail",
      `The meta description does not contain the keyphrase "${keyphrase.text}". Add it once, in a natural sentence.`,
    );
  }
  if (count > MAX_OCCURRENCES) {
    return checkResult(
      ID,
      LABEL,
      "fail",
      `The meta description contains the keyphrase ${plural(count, "time")}. Use it once or twice so it does not read as spam.`,
    );
  }
  return checkResult(ID, LABEL, "pass", "The meta description contains the keyphrase. Well done.");
}
