import type { SeoContext } from "../context.ts";
import type { SeoCheck } from "../types.ts";
import { checkResult, percent } from "./format.ts";

const ID = "sentence-length";
const LABEL = "Sentence length";
export const LONG_SENTENCE_WORDS = 20;
const MAX_LONG_SHARE = 0.25;
const BAD_LONG_SHARE = 0.3;

/** Yoast SEO: at most 25% of sentences longer than 20 words; over 30% is bad. */
export function checkSentenceLength(context: SeoContext): SeoCheck {
  const sentences = context.textSentences;
  if (sentences.length === 0) return checkResult(ID, LABEL, "warn", "There are no sentences to check yet.");
  const long = sentences.filter((sentence) => sentence.words.length > LONG_SENTENCE_WORDS).length;
  const share = long / sentences.length;
  const found = `${percent(share)} of the sentences have more than ${LONG_SENTENCE_WORDS} words.`;
  if (share <= MAX_LONG_SHARE) return checkResult(ID, LABEL, "pass", `${found} Well done.`);
  return checkResult(
    ID,
    LABEL,
    share > BAD_LONG_SHARE ? "fail" : "warn",
    `${found} Shorten or split some, so that no more than ${percent(MAX_LONG_SHARE)} are that long.`,
  );
}
