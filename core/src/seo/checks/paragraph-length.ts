import type { SeoContext } from "../context.ts";
import type { SeoCheck } from "../types.ts";
import { checkResult, formatNumber, plural } from "./format.ts";

const ID = "paragraph-length";
const LABEL = "Paragraph length";
export const MAX_PARAGRAPH_WORDS = 150;
const FAR_TOO_LONG_PARAGRAPH_WORDS = 200;

/** Yoast SEO: no paragraph over 150 words; over 200 is bad. */
export function checkParagraphLength(context: SeoContext): SeoCheck {
  const paragraphs = context.blocks.filter((block) => block.kind === "paragraph");
  const tooLong = paragraphs.filter((paragraph) => paragraph.wordCount > MAX_PARAGRAPH_WORDS);
  if (tooLong.length === 0) {
    return paragraphs.length === 0
      ? checkResult(ID, LABEL, "warn", "There are no paragraphs to check yet.")
      : checkResult(ID, LABEL, "pass", `No paragraph is longer than ${MAX_PARAGRAPH_WORDS} words. Well done.`);
  }
  const longest = Math.max(...tooLong.map((paragraph) => paragraph.wordCount));
  return checkResult(
    ID,
    LABEL,
    longest > FAR_TOO_LONG_PARAGRAPH_WORDS ? "fail" : "warn",
    `${formatNumber(tooLong.length)} of ${plural(paragraphs.length, "paragraph")} ${tooLong.length === 1 ? "is" : "are"} longer than ${MAX_PARAGRAPH_WORDS} words (the longest has ${formatNumber(longest)}). Split ${tooLong.length === 1 ? "it" : "them"} into shorter paragraphs.`,
  );
}
