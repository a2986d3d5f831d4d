import type { SeoContext } from "../context.ts";
import type { SeoCheck } from "../types.ts";
import { checkResult, formatNumber, plural } from "./format.ts";

const ID = "subheading-distribution";
const LABEL = "Subheading distribution";
export const MAX_SECTION_WORDS = 300;
const FAR_TOO_LONG_SECTION_WORDS = 350;

/** Yoast SEO: a subheading at least every 300 words; a stretch of more than 350 without one is bad. */
export function checkSubheadingDistribution(context: SeoContext): SeoCheck {
  const sections: number[] = [0];
  let headings = 0;
  for (const block of context.blocks) {
    if (block.kind === "heading") {
      headings++;
      sections.push(0);
    } else {
      sections[sections.length - 1] = (sections[sections.length - 1] ?? 0) + block.wordCount;
    }
  }
  if (headings === 0) {
    return context.wordCount <= MAX_SECTION_WORDS
      ? checkResult(ID, LABEL, "pass", "The text is short enough to need no subheadings.")
      : checkResult(
          ID,
          LABEL,
          "fail",
          `The text has ${plural(context.wordCount, "word")} and no subheadings. Add an H2 or H3 at least every ${MAX_SECTION_WORDS} words.`,
        );
  }
  const tooLong = sections.filter((words) => words > MAX_SECTION_WORDS);
  if (tooLong.length === 0) {
    return checkResult(
      ID,
      LABEL,
      "pass",
      `Subheadings break up the text at least every ${MAX_SECTION_WORDS} words. Well done.`,
    );
  }
  const longest = Math.max(...tooLong);
  return checkResult(
    ID,
    LABEL,
    longest > FAR_TOO_LONG_SECTION_WORDS ? "fail" : "warn",
    `${plural(tooLong.length, "section")} ${tooLong.length === 1 ? "runs" : "run"} longer than ${MAX_SECTION_WORDS} words without a subheading (the longest has ${formatNumber(longest)}). Add a subheading at least every ${MAX_SECTION_WORDS} words.`,
  );
}
