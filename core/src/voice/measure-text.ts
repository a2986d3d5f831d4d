// The measurements a voice is made of, taken from one or more texts: function-word counts, sentence lengths,
// paragraph lengths, pronouns of each person, American and British spellings, headings and lists, and a few marks of
// formality (contractions, exclamations, long words).
import { splitSentences } from "../seo/text/sentences.ts";
import { readText, wordsOf } from "./read-text.ts";
import { countSpellings } from "./spelling.ts";

/**
 * Function words compared by the stylometric distance: grammar, not topic. Personal pronouns are left out (the
 * person is measured on its own); common contractions are in, since they tell a casual voice from a formal one.
 */
export const STYLE_WORDS: readonly string[] = [
  ...new Set(
    (
      "the a an this that these those some any each every all both no such other another more most much many few " +
      "is are was were be been being am do does did have has had can could will would shall should may might must " +
      "and or but so yet nor if then than because while whilst although though since unless until whether as " +
      "of to in on at for with by from into about over after before through without within upon between " +
      "not very just only also really even still too quite rather here there when where why how what which who " +
      "however therefore thus moreover furthermore indeed accordingly " +
      "it it's its don't doesn't can't won't isn't aren't that's there's here's let's what's didn't"
    ).split(" "),
  ),
];

const styleWordSet = new Set(STYLE_WORDS);

export const PERSON_WORDS = {
  I: new Set(["i", "me", "my", "mine", "myself", "i'm", "i've", "i'd", "i'll"]),
  we: new Set(["we", "us", "our", "ours", "ourselves", "we're", "we've", "we'd", "we'll", "let's"]),
  you: new Set(["you", "your", "yours", "yourself", "yourselves", "you're", "you've", "you'd", "you'll"]),
} as const;

/** Sentence lengths in words are counted in these bands (upper bounds; the last is open). */
export const SENTENCE_BANDS: readonly number[] = [7, 12, 17, 22, 27, 34, Infinity];

export interface TextMeasure {
  words: number;
  sentenceLengths: number[];
  /** Sentences in each paragraph. */
  paragraphSentences: number[];
  headings: number;
  lists: number;
  styleWords: Map<string, number>;
  person: { I: number; we: number; you: number };
  spelling: { us: number; uk: number };
  contractions: number;
  exclamations: number;
  /** Words of seven letters or more. */
  longWords: number;
  /** Every word with its count (for the words an owner uses and avoids). */
  wordCounts: Map<string, number>;
}

export function emptyMeasure(): TextMeasure {
  return {
    words: 0,
    sentenceLengths: [],
    paragraphSentences: [],
    headings: 0,
    lists: 0,
    styleWords: new Map(),
    person: { I: 0, we: 0, you: 0 },
    spelling: { us: 0, uk: 0 },
    contractions: 0,
    exclamations: 0,
    longWords: 0,
    wordCounts: new Map(),
  };
}

/** Measures one text (HTML or plain) into `into` (a fresh measure by default), which it returns. */
export function measureText(source: string, into: TextMeasure = emptyMeasure()): TextMeasure {
  const read = readText(source);
  into.lists += read.lists;
  for (const block of read.blocks) {
    if (block.kind === "heading") {
      into.headings++;
      continue;
    }
    const words = wordsOf(block.text);
    // "US" the country is not "us".
    const usCountry = (block.text.match(/\bUS\b/g) ?? []).length;
    into.words += words.length;
    for (const word of words) {
      into.wordCounts.set(word, (into.wordCounts.get(word) ?? 0) + 1);
      if (styleWordSet.has(word)) into.styleWords.set(word, (into.styleWords.get(word) ?? 0) + 1);
      if (word.length >= 7) into.longWords++;
      if (/'/.test(word) && !/'s$/.test(word)) into.contractions++;
      if (word === "it's" || word === "that's" || word === "there's" || word === "here's" || word === "what's")
        into.contractions++;
      for (const person of ["I", "we", "you"] as const) if (PERSON_WORDS[person].has(word)) into.person[person]++;
    }
    into.person.we = Math.max(0, into.person.we - usCountry);
    const spelling = countSpellings(words);
    into.spelling.us += spelling.us;
    into.spelling.uk += spelling.uk;
    if (block.kind === "paragraph") {
      const sentences = splitSentences(block.text);
      into.paragraphSentences.push(sentences.length);
      for (const sentence of sentences) {
        const n = wordsOf(sentence).length;
        if (n > 0) into.sentenceLengths.push(n);
        if (/!["'”’)]*$/.test(sentence)) into.exclamations++;
      }
    }
  }
  return into;
}

export function mean(values: readonly number[]): number {
  return values.length ? values.reduce((a, b) => a + b, 0) / values.length : 0;
}

export function standardDeviation(values: readonly number[]): number {
  if (values.length < 2) return 0;
  const m = mean(values);
  return Math.sqrt(values.reduce((a, v) => a + (v - m) ** 2, 0) / (values.length - 1));
}

/** Share of sentences in each band of SENTENCE_BANDS. */
export function sentenceBands(lengths: readonly number[]): number[] {
  const counts = SENTENCE_BANDS.map(() => 0);
  for (const n of lengths) {
    const band = SENTENCE_BANDS.findIndex((upper) => n <= upper);
    counts[band] = (counts[band] ?? 0) + 1;
  }
  const total = lengths.length || 1;
  return counts.map((c) => c / total);
}

/** The bands a normal distribution of sentence lengths would fill (for a voice set by hand). */
export function sentenceBandsFor(meanWords: number, spreadWords: number): number[] {
  const sd = Math.max(1.5, spreadWords);
  const cdf = (x: number) => 0.5 * (1 + erf((x - meanWords) / (sd * Math.SQRT2)));
  let below = cdf(0.5);
  const total = 1 - below;
  return SENTENCE_BANDS.map((upper) => {
    const at = upper === Infinity ? 1 : cdf(upper + 0.5);
    const share = (at - below) / total;
    below = at;
    return share;
  });
}

function erf(x: number): number {
  // Abramowitz and Stegun 7.1.26 (error below 1.5e-7).
  const t = 1 / (1 + 0.3275911 * Math.abs(x));
  const y =
    1 -
    ((((1.061405429 * t - 1.453152027) * t + 1.421413741) * t - 0.284496736) * t + 0.254829592) * t * Math.exp(-x * x);
  return x >= 0 ? y : -y;
}

/** Shares of the three persons, smoothed so that a text without pronouns sits in the middle. */
export function personShares(person: { I: number; we: number; you: number }): { I: number; we: number; you: number } {
  const total = person.I + person.we + person.you + 1.5;
  return { I: (person.I + 0.5) / total, we: (person.we + 0.5) / total, you: (person.you + 0.5) / total };
}

/** Share of each style word among the style words counted. */
export function styleWordShares(counts: ReadonlyMap<string, number>): Record<string, number> {
  let total = 0;
  for (const word of STYLE_WORDS) total += counts.get(word) ?? 0;
  const shares: Record<string, number> = {};
  for (const word of STYLE_WORDS) shares[word] = total ? (counts.get(word) ?? 0) / total : 0;
  return shares;
}
