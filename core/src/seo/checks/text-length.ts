import type { SeoContext } from "../context.ts";
import type { SeoCheck } from "../types.ts";
import { checkResult, plural } from "./format.ts";

const ID = "text-length";
const LABEL = "Text length";
export const MIN_WORDS = 300;
export const FULL_POST_WORDS = 900;

/** Yoast SEO: at least 300 words; a full post (Yoast's cornerstone content) has 900 or more. */
export function checkTextLength(context: SeoContext): SeoCheck {
  const found = `The text has ${plural(context.wordCount, "word")}.`;
  if (context.wordCount < MIN_WORDS) {
    return checkResult(
      ID,
      LABEL,
      "fail",
      `${found} Write at least ${MIN_WORDS} so search engines understand the topic; a full post of ${FULL_POST_WORDS} or more ranks best.`,
    );
  }
  if (context.wordCount < FULL_POST_WORDS) {
    return checkResult(
      ID,
      LABEL,
      "warn",
      `${found} That is enough for a short post; expand it to ${FULL_POST_WORDS} words or more to cover the topic in full.`,
    );
  }
  return checkResult(ID, LABEL, "pass", `${found} A full-length post.`);
}
