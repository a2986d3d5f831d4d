import { isFunctionWord } from "./function-words.ts";
import { stemWord, tokenizeWords } from "./words.ts";

/**
 * A keyphrase ready to be matched. Matching is case-insensitive and works on stems, so simple plurals and
 * inflections match ("coffee grinders" finds "coffee grinder"), and, like Yoast SEO, on content words: function
 * words ("how", "to", "the") are left out unless the keyphrase has nothing else.
 */
export interface Keyphrase {
  text: string;
  /** Stems of every word, in order: the exact phrase. */
  stems: string[];
  /** Distinct stems of the content words. */
  contentStems: string[];
}

export function compileKeyphrase(text: string): Keyphrase | null {
  const words = tokenizeWords(text);
  if (words.length === 0) return null;
  const stems = words.map(stemWord);
  const content = words.filter((word) => !isFunctionWord(word)).map(stemWord);
  return { text: text.trim(), stems, contentStems: [...new Set(content.length > 0 ? content : stems)] };
}

/** Where the exact phrase (word for word, up to inflection) starts in a list of stems, or -1. */
export function findPhrase(keyphrase: Keyphrase, stems: readonly string[]): number {
  const phrase = keyphrase.stems;
  const last = stems.length - phrase.length;
  for (let i = 0; i <= last; i++) {
    let j = 0;
    while (j < phrase.length && stems[i + j] === phrase[j]) j++;
    if (j === phrase.length) return i;
  }
  return -1;
}

/**
 * How many times the keyphrase occurs in one sentence: as Yoast SEO counts it, the number of times all its content
 * words are present, in any order (the fewest occurrences of any of them).
 */
export function countInSentence(keyphrase: Keyphrase, stems: readonly string[]): number {
  let fewest = Infinity;
  for (const wanted of keyphrase.contentStems) {
    let count = 0;
    for (const stem of stems) if (stem === wanted) count++;
    if (count < fewest) fewest = count;
    if (fewest === 0) return 0;
  }
  return fewest === Infinity ? 0 : fewest;
}

/** How many of the keyphrase's content words a text contains. */
export function countContentWordsPresent(keyphrase: Keyphrase, stems: readonly string[]): number {
  let present = 0;
  for (const wanted of keyphrase.contentStems) if (stems.includes(wanted)) present++;
  return present;
}

/** Whether a short text (a subheading, an alt text) reflects the keyphrase: at least half its content words. */
export function reflectsKeyphrase(keyphrase: Keyphrase, stems: readonly string[]): boolean {
  return countContentWordsPresent(keyphrase, stems) * 2 >= keyphrase.contentStems.length;
}
