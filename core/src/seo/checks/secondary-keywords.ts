import type { SeoContext } from "../context.ts";
import { countInSentence } from "../text/keyphrase.ts";
import type { SeoCheck } from "../types.ts";
import { checkResult } from "./format.ts";

const ID = "secondary-keywords";
const LABEL = "Other target keywords";

/** Rank Math: every target keyword besides the focus keyphrase is used in the text. Null when there are none. */
export function checkSecondaryKeywords(context: SeoContext): SeoCheck | null {
  const keywords = context.secondaryKeyphrases;
  if (keywords.length === 0) return null;
  const missing = keywords.filter(
    (keyword) =>
      !context.blocks.some((block) => block.sentences.some((sentence) => countInSentence(keyword, sentence.stems) > 0)),
  );
  if (missing.length === 0) {
    const all =
      keywords.length === 1
        ? "The other target keyword appears"
        : `${keywords.length === 2 ? "Both" : `All ${keywords.length}`} other target keywords appear`;
    return checkResult(ID, LABEL, "pass", `${all} in the text. Well done.`);
  }
  const names = missing.map((keyword) => `"${keyword.text}"`).join(", ");
  return checkResult(
    ID,
    LABEL,
    missing.length === keywords.length ? "fail" : "warn",
    `${missing.length === 1 ? "This target keyword does" : "These target keywords do"} not appear in the text: ${names}. Use each at least once.`,
  );
}
