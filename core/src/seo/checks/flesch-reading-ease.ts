import type { SeoContext } from "../context.ts";
import type { SeoCheck } from "../types.ts";
import { checkResult } from "./format.ts";

const ID = "flesch-reading-ease";
const LABEL = "Flesch reading ease";
export const GOOD_READING_EASE = 60;
const OK_READING_EASE = 50;

function describe(score: number): string {
  if (score >= 90) return "very easy to read";
  if (score >= 80) return "easy to read";
  if (score >= 70) return "fairly easy to read";
  if (score >= 60) return "easy enough for most readers";
  if (score >= 50) return "fairly difficult to read";
  if (score >= 30) return "difficult to read";
  return "very difficult to read";
}

/** Yoast SEO: a Flesch reading ease of 60 or more is good, 50 to 60 acceptable, below 50 hard to read. */
export function checkFleschReadingEase(context: SeoContext): SeoCheck {
  if (context.textSentences.length === 0) return checkResult(ID, LABEL, "warn", "There is no text to score yet.");
  const score = context.fleschReadingEase;
  const found = `The text scores ${score} in the Flesch reading ease test: ${describe(score)}.`;
  if (score >= GOOD_READING_EASE) return checkResult(ID, LABEL, "pass", `${found} Well done.`);
  return checkResult(
    ID,
    LABEL,
    score >= OK_READING_EASE ? "warn" : "fail",
    `${found} Use shorter sentences and simpler words to reach ${GOOD_READING_EASE} or more.`,
  );
}
