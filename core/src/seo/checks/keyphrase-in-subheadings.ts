import type { SeoContext } from "../context.ts";
import { reflectsKeyphrase } from "../text/keyphrase.ts";
import type { SeoCheck } from "../types.ts";
import { checkResult, formatNumber, plural, range, recommendedShare } from "./format.ts";

const ID = "keyphrase-in-subheadings";
const LABEL = "Keyphrase in subheadings";
/** Below this many words a text needs no subheadings. */
const SHORT_TEXT_WORDS = 300;

/**
 * Yoast SEO: H2 and H3 subheadings that reflect the keyphrase (at least half its content words), in 30% to 75% of
 * them; the only subheading, when there is one, should.
 */
export function checkKeyphraseInSubheadings(context: SeoContext): SeoCheck {
  const { keyphrase } = context;
  if (keyphrase === null) {
    return checkResult(ID, LABEL, "fail", "Add a focus keyphrase to check whether the subheadings use it.");
  }
  const subheadings = context.blocks.filter(
    (block) => block.kind === "heading" && (block.level === 2 || block.level === 3),
  );
  if (subheadings.length === 0) {
    return context.wordCount <= SHORT_TEXT_WORDS
      ? checkResult(ID, LABEL, "pass", "The text is short enough to need no subheadings.")
      : checkResult(
          ID,
          LABEL,
          "fail",
          `The text has ${formatNumber(context.wordCount)} words and no H2 or H3 subheadings. Add some, and use the keyphrase "${keyphrase.text}" in a few of them.`,
        );
  }
  const matching = subheadings.filter((heading) =>
    reflectsKeyphrase(keyphrase, heading.sentences[0]?.stems ?? []),
  ).length;
  const total = subheadings.length;
  if (total === 1) {
    return matching === 1
      ? checkResult(ID, LABEL, "pass", "The only subheading contains the keyphrase. Well done.")
      : checkResult(
          ID,
          LABEL,
          "fail",
          `The only subheading does not contain the keyphrase "${keyphrase.text}". Use it there.`,
        );
  }
  const { min, max } = recommendedShare(total);
  const found = `The keyphrase appears in ${formatNumber(matching)} of ${plural(total, "subheading")}.`;
  if (matching === 0) {
    return checkResult(ID, LABEL, "fail", `${found} Use it in ${range(min, max)} of them.`);
  }
  if (matching < min) return checkResult(ID, LABEL, "warn", `${found} Use it in ${range(min, max)} of them.`);
  if (matching > max) {
    return checkResult(
      ID,
      LABEL,
      "warn",
      `${found} That many looks over-optimised: use it in ${range(min, max)} of them and vary the others.`,
    );
  }
  return checkResult(ID, LABEL, "pass", `${found} Well done.`);
}
