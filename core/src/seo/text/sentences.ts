// Words after which a full stop does not end a sentence.
const ABBREVIATIONS = new Set([
  "mr",
  "mrs",
  "ms",
  "dr",
  "prof",
  "sr",
  "jr",
  "st",
  "vs",
  "etc",
  "e.g",
  "i.e",
  "inc",
  "ltd",
  "co",
  "corp",
  "fig",
  "approx",
  "dept",
  "mt",
  "u.s",
  "a.m",
  "p.m",
]);

// End punctuation (with any closing quotes or brackets), then space, then what can start a sentence.
const BOUNDARY = /[.!?…]+["'”’)\]]*\s+(?=["'“‘([]?[\p{Lu}\p{N}])/gu;

/** Splits a block of text (a paragraph, a list item...) into sentences. A block always ends a sentence. */
export function splitSentences(text: string): string[] {
  const sentences: string[] = [];
  let start = 0;
  BOUNDARY.lastIndex = 0;
  for (let match = BOUNDARY.exec(text); match !== null; match = BOUNDARY.exec(text)) {
    if (match[0].startsWith(".") && !endsSentence(text, start, match.index)) continue;
    const sentence = text.slice(start, match.index + match[0].length).trim();
    if (sentence !== "") sentences.push(sentence);
    start = match.index + match[0].length;
  }
  const last = text.slice(start).trim();
  if (last !== "") sentences.push(last);
  return sentences;
}

function endsSentence(text: string, sentenceStart: number, dotIndex: number): boolean {
  let wordStart = dotIndex;
  while (wordStart > sentenceStart && !/\s/.test(text.charAt(wordStart - 1))) wordStart--;
  const word = text
    .slice(wordStart, dotIndex)
    .replace(/^["'“‘([]+/, "")
    .toLowerCase();
  // A single letter is an initial ("J. Smith").
  if (word.length === 1 && /\p{L}/u.test(word)) return false;
  return !ABBREVIATIONS.has(word);
}
