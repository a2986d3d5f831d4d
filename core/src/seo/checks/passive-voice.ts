import type { SeoContext } from "../context.ts";
import { isPassiveSentence } from "../text/passive-voice.ts";
import type { SeoCheck } from "../types.ts";
import { checkResult, percent } from "./format.ts";

const ID = "passive-voice";
const LABEL = "Passive voice";
const MAX_PASSIVE_SHARE = 0.1;
const BAD_PASSIVE_SHARE = 0.15;

/** Yoast SEO: at most 10% of sentences in the passive voice; over 15% is bad. */
export function checkPassiveVoice(context: SeoContext): SeoCheck {
  const sentences = context.textSentences;
  if (sentences.length === 0) return checkResult(ID, LABEL, "warn", "There are no sentences to check yet.");
  const passive = sentences.filter((sentence) => isPassiveSentence(sentence.words)).length;
  const share = passive / sentences.length;
  const found = `${percent(share)} of the sentences are in the passive voice.`;
  if (share <= MAX_PASSIVE_SHARE) return checkResult(ID, LABEL, "pass", `${found} Well done.`);
  return checkResult(
    ID,
    LABEL,
    share > BAD_PASSIVE_SHARE ? "fail" : "warn",
    `${found} Rewrite some in the active voice ("we roast the beans", not "the beans are roasted"), so that no more than ${percent(MAX_PASSIVE_SHARE)} are passive.`,
  );
}
