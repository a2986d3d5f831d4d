// Link text and the focus keyphrase. A link whose text is the post's keyphrase tells search engines that the page it
// points to is about that keyphrase, so the post competes with it (Yoast SEO's "Competing links"). Words are matched
// as Yoast SEO matches them in English: hyphens separate words, function words are left out, and a word matches any
// of its forms (plural, possessive, -ing and -ed, and the -er, -est and -ly forms Yoast SEO's English morphology
// builds, so "brewer" is a form of "brewing").
import { isFunctionWord } from "./function-words.ts";
import { stemWord } from "./words.ts";

interface LinkWord {
  base: string;
  content: boolean;
  start: number;
  end: number;
}

const WORD = /[\p{L}\p{N}]+(?:['’][\p{L}\p{N}]+)*/gu;
const COMPARATIVE = /(?:er|est|ly)$/;

/** The base a word shares with its other forms. */
export function wordBase(word: string): string {
  const stem = stemWord(word.toLowerCase().replace(/’/g, "'"));
  const suffix = COMPARATIVE.exec(stem)?.[0];
  // Only where a real word is left ("brewer" to "brew", not "water" to "wat").
  if (suffix !== undefined && stem.length - suffix.length >= 4) return stemWord(stem.slice(0, -suffix.length));
  return stem;
}

function linkWords(text: string): LinkWord[] {
  const words: LinkWord[] = [];
  for (const match of text.matchAll(WORD)) {
    const lower = match[0].toLowerCase().replace(/’/g, "'");
    const start = match.index ?? 0;
    words.push({ base: wordBase(lower), content: !isFunctionWord(lower), start, end: start + match[0].length });
  }
  return words;
}

/** The bases of the keyphrase's content words (all its words when it has only function words). */
function keyphraseBases(keyphrase: string): Set<string> {
  const words = linkWords(keyphrase);
  const content = words.filter((word) => word.content);
  return new Set((content.length > 0 ? content : words).map((word) => word.base));
}

/** Whether a text holds every content word of the keyphrase, in any order and any form. */
export function holdsKeyphrase(text: string, keyphrase: string): boolean {
  const wanted = keyphraseBases(keyphrase);
  if (wanted.size === 0) return false;
  const present = new Set(linkWords(text).map((word) => word.base));
  for (const base of wanted) if (!present.has(base)) return false;
  return true;
}

/**
 * Yoast SEO's test for a competing link: its text holds every content word of the keyphrase and no other content
 * word ("Coffee Brewing" for "coffee brewing", "brewing coffee" too; not "coffee brewing guides").
 */
export function isKeyphraseLinkText(text: string, keyphrase: string): boolean {
  if (!holdsKeyphrase(text, keyphrase)) return false;
  const wanted = keyphraseBases(keyphrase);
  const words = linkWords(text);
  const content = words.filter((word) => word.content);
  return (content.length > 0 ? content : words).every((word) => wanted.has(word.base));
}

const EDGE = /^[\s\p{P}]+|[\s\p{P}]+$/gu;

function hasContentWord(text: string): boolean {
  return linkWords(text).some((word) => word.content);
}

/** A piece of link text with the function words and punctuation it starts or ends with removed ("of", "a", ":"). */
function trimmed(text: string): string {
  let words = linkWords(text);
  while (words.length > 0 && !words[0]!.content) words = words.slice(1);
  while (words.length > 0 && !words[words.length - 1]!.content) words = words.slice(0, -1);
  if (words.length === 0) return "";
  return text.slice(words[0]!.start, words[words.length - 1]!.end).replace(EDGE, "");
}

/**
 * The part of a link's text that can stay linked when the whole would compete: the text is cut at one of the keyphrase
 * words it holds, and of the pieces either side that still name something (a content word) and do not hold the whole
 * keyphrase, the one with the most content words is kept, the later one on a tie (in English the head of a phrase
 * comes last). Returns where that part starts and ends in `text`, or null when no part fits (a text that is only the
 * keyphrase).
 */
export function nonCompetingSpan(text: string, keyphrase: string): { start: number; end: number } | null {
  if (!holdsKeyphrase(text, keyphrase)) return { start: 0, end: text.length };
  const wanted = keyphraseBases(keyphrase);
  let best: { start: number; end: number; words: number } | undefined;
  for (const cut of linkWords(text).filter((word) => wanted.has(word.base))) {
    for (const side of [
      { offset: 0, text: text.slice(0, cut.start) },
      { offset: cut.end, text: text.slice(cut.end) },
    ]) {
      if (!hasContentWord(side.text)) continue;
      // A side can still hold the whole keyphrase when a word repeats: cut it again.
      const inner = nonCompetingSpan(side.text, keyphrase);
      if (inner === null) continue;
      const part = side.text.slice(inner.start, inner.end);
      const kept = trimmed(part);
      if (kept === "") continue;
      const start = side.offset + inner.start + part.indexOf(kept);
      const candidate = { start, end: start + kept.length, words: linkWords(kept).filter((w) => w.content).length };
      if (
        best === undefined ||
        candidate.words > best.words ||
        (candidate.words === best.words && candidate.end > best.end)
      ) {
        best = candidate;
      }
    }
  }
  return best === undefined ? null : { start: best.start, end: best.end };
}

/**
 * Link text for a page, from its title, that does not compete with the post's keyphrase: the title itself when it
 * does not hold the whole keyphrase, else the title without the first keyphrase word it holds ("How to Clean a Coffee
 * Grinder" becomes "How to Clean a Grinder" for "coffee grinder"); a title left with one word names the page around
 * it ("our brewing page"); one that is only the keyphrase becomes "this related page".
 */
export function linkTextWithoutKeyphrase(title: string, keyphrase: string): string {
  let rest = title.replace(/\s+/g, " ").trim();
  if (!holdsKeyphrase(rest, keyphrase)) return rest;
  const wanted = keyphraseBases(keyphrase);
  let atStart = false;
  // Drop keyphrase words, first ones first (with the words hyphenated to them), until the keyphrase is incomplete.
  while (holdsKeyphrase(rest, keyphrase)) {
    const word = linkWords(rest).find((w) => wanted.has(w.base))!;
    const start = word.start - (/[\p{L}\p{N}'’-]*$/u.exec(rest.slice(0, word.start))?.[0].length ?? 0);
    const end = word.end + (/^[\p{L}\p{N}'’-]*/u.exec(rest.slice(word.end))?.[0].length ?? 0);
    if (rest.slice(0, start).trim() === "") atStart = true;
    rest = `${rest.slice(0, start)} ${rest.slice(end)}`.replace(/\s+/g, " ").replace(/\s+([,.:;!?])/g, "$1");
  }
  let words = linkWords(rest);
  while (words.length > 0 && !words[words.length - 1]!.content) words = words.slice(0, -1);
  while (atStart && words.length > 0 && !words[0]!.content) words = words.slice(1);
  if (!words.some((word) => word.content)) return "this related page";
  rest = rest.slice(words[0]!.start, words[words.length - 1]!.end).replace(EDGE, "");
  if (words.length > 1) return rest;
  // A lone word reads as a name only with what it names.
  const lone = /[A-Z]/.test(rest.slice(1)) ? rest : rest.toLowerCase();
  return `our ${lone} page`;
}
