import type { SeoContext } from "../context.ts";
import { hasTransitionWord } from "../text/transition-words.ts";
import type { SeoCheck } from "../types.ts";
import { checkResult, percent } from "./format.ts";

const ID = "transition-words";
const LABEL = "Transition words";
const MIN_SHARE = 0.3;
const BAD_SHARE = 0.2;

/** Yoast SEO: transition words in at least 30% of sentences; under 20% is bad. */
export function checkTransitionWords(context: SeoContext): SeoCheck {
  const sentences = context.textSentences;
  if (sentences.length === 0) return checkResult(ID, LABEL, "warn", "There are no sentences to check yet.");
  const share = sentences.filter((sentence) => hasTransitionWord(sentence.words)).length / sentences.length;
  const found = `${percent(share)} of the sentences contain a transition word.`;
  if (share >= MIN_SHARE) return checkResult(ID, LABEL, "pass", `${found} Well done.`);
  return checkResult(
    ID,
    LABEL,
    share < BAD_SHARE ? "fail" : "warn",
    `${found} Connect your ideas with words such as "however", "for example" or "as a result" in at least ${percent(MIN_SHARE)} of them.`,
  );
}
