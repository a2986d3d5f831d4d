import { scoreTitle } from "./score-title.ts";
import { TITLE_MAX_WIDTH_PX, TITLE_MIN_WIDTH_PX, titleWidthPx } from "../contracts/title-width.ts";

/** Cuts a title at a word boundary so it fits the width Google shows (about 600 px); separators left dangling go. */
function fitWidth(title: string): string {
  const clean = title.replace(/\s+/g, " ").trim();
  if (titleWidthPx(clean) <= TITLE_MAX_WIDTH_PX) return clean;
  const words = clean.split(" ");
  while (words.length > 1 && titleWidthPx(words.join(" ")) > TITLE_MAX_WIDTH_PX) words.pop();
  return words.join(" ").replace(/[\s,;:|\-–—]+$/, "");
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Endings that fill a short title towards the width Google shows, brand first when there is one. */
function fillers(brand: string | undefined): string[] {
  return [
    ...(brand?.trim() ? [` | ${brand.trim()}`] : []),
    ": A Practical Guide",
    ": Tips That Work",
    ": Everything You Need to Know",
    " – A Practical Guide With Tips That Work",
  ];
}

/** Most words capitalised: Title Case. */
function isTitleCased(title: string): boolean {
  const words = title.split(/\s+/).filter((word) => /^\p{L}/u.test(word));
  return words.length > 1 && words.filter((word) => /^\p{Lu}/u.test(word)).length > words.length / 2;
}

const lettersOf = (word: string) => word.toLowerCase().replace(/[^\p{L}\p{N}'’-]/gu, "");

/** The same word, or a simple inflection of it (grinder, grinders; brew, brewing). */
function sameWord(titleWord: string, keyword: string): boolean {
  const word = lettersOf(titleWord);
  if (word === keyword) return true;
  const stem = keyword.length > 4 ? keyword.replace(/(?:ing|ed|es|s)$/, "") : keyword;
  return word.startsWith(stem) && word.length - stem.length <= 3;
}

/**
 * The owner's title with the keyphrase worked into it where the title already names part of it, keeping every word
 * the owner wrote: "Pour-over vs French press: which suits you?" with "pour-over coffee" becomes "Pour-over coffee vs
 * French press: which suits you?", "Why our grinders outlast the rest" with "burr grinder" becomes "Why our burr
 * grinders outlast the rest". Empty when the title names no word of the keyphrase.
 */
function workKeyphraseIn(title: string, keyphrase: string): string {
  const keywords = keyphrase.split(/\s+/).filter(Boolean);
  if (keywords.length < 2) return "";
  // A title that has the keyphrase already needs nothing worked in.
  if (` ${title.toLowerCase().replace(/[^\p{L}\p{N}'’-]+/gu, " ")} `.includes(` ${keywords.join(" ").toLowerCase()} `))
    return "";
  const words = title.split(" ");
  const titleCased = isTitleCased(title);
  const styled = (word: string) =>
    /[A-Z]/.test(word.slice(1)) ? word : titleCased ? capitalise(word.toLowerCase()) : word.toLowerCase();
  const lower = keywords.map((word) => word.toLowerCase());
  const last = lower.length - 1;
  // The keyphrase's head word (its last) in the title: the words before it go in front of it.
  const head = words.findIndex((word) => sameWord(word, lower[last]!));
  if (head >= 0) {
    const added = keywords.slice(0, last).map(styled);
    const merged = [...words.slice(0, head), ...added, ...words.slice(head)];
    if (head === 0 && !titleCased && merged[0] && merged[1] !== undefined) {
      merged[0] = capitalise(merged[0]);
      merged[1] = /[A-Z]/.test(merged[1].slice(1)) ? merged[1] : merged[1].charAt(0).toLowerCase() + merged[1].slice(1);
    }
    return merged.join(" ");
  }
  // Its first word in the title, with no punctuation after it: the other words follow it.
  const first = words.findIndex((word) => lettersOf(word) === lower[0]);
  if (first >= 0 && /^[\p{L}\p{N}'’-]+$/u.test(words[first]!)) {
    return [...words.slice(0, first + 1), ...keywords.slice(1).map(styled), ...words.slice(first + 1)].join(" ");
  }
  return "";
}

/**
 * The SEO title a writer stores: of the post title with the keyphrase worked into it (when it names part of the
 * keyphrase), the candidates (a model's or the offline writer's suggestion, the post title), and
 * "<Keyphrase>: <post title>", each cut to Google's ~600 px, and each too short one also filled out (with the
 * brand, then a few plain endings), the one that scores best on the title checks (keyphrase at the start, width
 * 400-600 px). Earlier candidates win ties, the post title with the keyphrase worked in first.
 */
export function fitSeoTitle(input: { candidates: string[]; keyphrase: string; title: string; brand?: string }): string {
  const keyphrase = input.keyphrase.trim();
  // The owner's own words first, with the keyphrase worked in where they allow it.
  const worked = workKeyphraseIn(input.title, keyphrase);
  const bases = [...(worked ? [worked] : []), ...input.candidates, input.title];
  if (keyphrase) bases.push(`${capitalise(keyphrase)}: ${input.title}`);
  // Each base, then its filled-out versions when it is short, so that an earlier base wins ties even once filled.
  const options = bases.flatMap((base) => [
    base,
    ...(titleWidthPx(base) < TITLE_MIN_WIDTH_PX
      ? fillers(input.brand).map(
          // In the base's own style: a title in sentence case gets "a practical guide", not "A Practical Guide".
          (ending) =>
            `${base.replace(/[.:!?\s]+$/, "")}${isTitleCased(base) || ending.startsWith(" |") ? ending : ending.toLowerCase()}`,
        )
      : []),
  ]);
  let best = "";
  let bestScore = -1;
  for (const option of options) {
    const fitted = fitWidth(option);
    if (!fitted) continue;
    const score = scoreTitle(fitted, keyphrase);
    if (score > bestScore) {
      best = fitted;
      bestScore = score;
    }
  }
  return best;
}
