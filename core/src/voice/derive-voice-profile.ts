// The owner's voice, read from their own published posts: person, formality, sentence and paragraph length,
// headings and lists, spelling, the words they favour and those they never use, and how they close a post.
// Pure: the posts are read through the connection elsewhere (see read-site-posts.ts).
import type { VoiceProfile } from "../contracts/voice.ts";
import { readClosing, type Closing } from "./closing.ts";
import {
  emptyMeasure,
  mean,
  measureText,
  personShares,
  sentenceBands,
  standardDeviation,
  STYLE_WORDS,
  styleWordShares,
  type TextMeasure,
} from "./measure-text.ts";
import { COMMON_WORDS, VOICE_WATCH_WORDS } from "./word-lists.ts";
import { FUNCTION_WORDS } from "../seo/text/function-words.ts";

export interface VoicePost {
  title?: string;
  /** The post's body: HTML (as WordPress and Shopify return it) or plain text. */
  body: string;
}

/** At most this many posts are read (the most recent first). */
export const VOICE_POST_LIMIT = 20;

const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;

/** Formality on a scale from 0 (casual) to 1 (formal), from marks any reader notices. */
export function formalityScore(m: TextMeasure): number {
  const per1000 = (n: number) => (m.words ? (n * 1000) / m.words : 0);
  const contractions = per1000(m.contractions);
  const exclamations = m.sentenceLengths.length ? m.exclamations / m.sentenceLengths.length : 0;
  const longWords = m.words ? m.longWords / m.words : 0;
  const formalMarks = per1000(
    ["therefore", "however", "moreover", "furthermore", "thus", "accordingly", "whilst", "upon", "regarding"].reduce(
      (n, w) => n + (m.wordCounts.get(w) ?? 0),
      0,
    ),
  );
  const casualMarks = per1000(
    [
      "so",
      "really",
      "pretty",
      "super",
      "stuff",
      "awesome",
      "totally",
      "okay",
      "ok",
      "gonna",
      "kinda",
      "honestly",
    ].reduce((n, w) => n + (m.wordCounts.get(w) ?? 0), 0),
  );
  const meanSentence = mean(m.sentenceLengths);
  let score = 0.5;
  score -= Math.min(0.35, contractions / 60);
  score -= Math.min(0.2, exclamations * 1.5);
  score -= Math.min(0.15, casualMarks / 80);
  score += Math.min(0.2, formalMarks / 25);
  score += Math.max(-0.15, Math.min(0.2, (longWords - 0.15) * 1.5));
  score += Math.max(-0.1, Math.min(0.15, (meanSentence - 15) / 60));
  return Math.max(0, Math.min(1, score));
}

export function formalityOf(score: number): VoiceProfile["formality"] {
  return score >= 0.6 ? "formal" : score <= 0.35 ? "casual" : "neutral";
}

export function deriveVoiceProfile(posts: readonly VoicePost[]): VoiceProfile {
  const read = posts.slice(0, VOICE_POST_LIMIT);
  const all = emptyMeasure();
  const perPost: TextMeasure[] = [];
  const closings: Array<{ closing: Closing; line: string }> = [];
  for (const post of read) {
    perPost.push(measureText(post.body));
    measureText(post.body, all);
    const closing = readClosing(post.body);
    if (closing) closings.push(closing);
  }
  const shares = personShares(all.person);
  const person = (Object.entries(shares) as Array<[VoiceProfile["person"], number]>).sort((a, b) => b[1] - a[1])[0]![0];
  // "we" or "I" is the voice whenever the author speaks as themselves at all often: such posts still say "you".
  const authorPerson: VoiceProfile["person"] =
    shares.I >= 0.25 && shares.I >= shares.we ? "I" : shares.we >= 0.3 ? "we" : person;
  const spellingSeen = all.spelling.us + all.spelling.uk;
  const per1000 = (n: number) => (all.words ? round((n * 1000) / all.words) : 0);

  // The closing most posts use; its line from the most recent post that closes that way.
  const closingCounts = new Map<Closing, number>();
  for (const c of closings) closingCounts.set(c.closing, (closingCounts.get(c.closing) ?? 0) + 1);
  const closing = [...closingCounts].sort((a, b) => b[1] - a[1])[0]?.[0] ?? "summary";
  const closingExample = closings.find((c) => c.closing === closing)?.line.slice(0, 300) ?? null;

  return {
    person: authorPerson,
    formality: formalityOf(formalityScore(all)),
    sentenceWords: { mean: round(mean(all.sentenceLengths)), spread: round(standardDeviation(all.sentenceLengths)) },
    paragraphSentences: {
      mean: round(mean(all.paragraphSentences)),
      spread: round(standardDeviation(all.paragraphSentences)),
    },
    headingsPer1000Words: per1000(all.headings),
    listsPer1000Words: per1000(all.lists),
    spelling: spellingSeen > 0 && all.spelling.uk > all.spelling.us ? "UK" : "US",
    wordsUsed: wordsUsed(perPost, all),
    wordsAvoided: wordsAvoided(all),
    closing,
    closingExample,
    source: "posts",
    presetId: null,
    postsRead: read.length,
    fingerprint: {
      functionWords: all.words ? styleWordShares(all.styleWords) : null,
      sentenceBands: sentenceBands(all.sentenceLengths),
      person: shares,
      ukShare: spellingSeen > 0 ? round(all.spelling.uk / spellingSeen, 3) : null,
    },
  };
}

const styleWordSet = new Set(STYLE_WORDS);

/** Words that recur across the owner's posts (not only in one) and that general English uses less. */
function wordsUsed(perPost: TextMeasure[], all: TextMeasure): string[] {
  const minPosts = Math.max(2, Math.ceil(perPost.length * 0.4));
  const candidates: Array<[string, number]> = [];
  for (const [word, count] of all.wordCounts) {
    if (word.length < 4 || /\d/.test(word) || /'/.test(word)) continue;
    if (FUNCTION_WORDS.has(word) || styleWordSet.has(word) || COMMON_WORDS.has(word)) continue;
    const inPosts = perPost.filter((m) => m.wordCounts.has(word)).length;
    if (inPosts < minPosts) continue;
    candidates.push([word, inPosts * 10 + count]);
  }
  return candidates
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .slice(0, 12)
    .map(([word]) => word);
}

/** Words common in blog writing that the owner never uses: writers keep them out. */
function wordsAvoided(all: TextMeasure): string[] {
  return VOICE_WATCH_WORDS.filter((word) => !all.wordCounts.has(word)).slice(0, 12);
}
