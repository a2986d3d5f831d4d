import type { SeoContext } from "../context.ts";
import { countContentWordsPresent, countInSentence } from "../text/keyphrase.ts";
import type { SeoCheck } from "../types.ts";
import { checkResult } from "./format.ts";

const ID = "keyphrase-in-introduction";
const LABEL = "Keyphrase in introduction";

/** Yoast SEO: all content words of the keyphrase in one sentence of the first paragraph. */
export function checkKeyphraseInIntroduction(context: SeoContext): SeoCheck {
  const { keyphrase } = context;
  if (keyphrase === null) {
    return checkResult(ID, LABEL, "fail", "Add a focus keyphrase to check whether the introduction uses it.");
  }
  const introduction = context.blocks.find((block) => block.kind !== "heading");
  if (introduction === undefined) {
    return checkResult(ID, LABEL, "fail", `Write an introduction that mentions the keyphrase "${keyphrase.text}".`);
  }
  if (introduction.sentences.some((sentence) => countInSentence(keyphrase, sentence.stems) > 0)) {
    return checkResult(ID, LABEL, "pass", "The keyphrase appears in the first paragraph. Well done.");
  }
  const paragraphStems = introduction.sentences.flatMap((sentence) => sentence.stems);
  if (countContentWordsPresent(keyphrase, paragraphStems) === keyphrase.contentStems.length) {
    return checkResult(
      ID,
      LABEL,
      "warn",
      `The words of the keyphrase "${keyphrase.text}" appear in the first paragraph, but not in one sentence. Use the keyphrase within one sentence of the introduction.`,
    );
  }
  return checkResult(
    ID,
    LABEL,
    "fail",
    `The keyphrase "${keyphrase.text}" does not appear in the first paragraph. Mention it in the introduction so readers and search engines see the topic at once.`,
  );
}
