// A word is a run of letters or digits; an apostrophe or hyphen inside it ("don't", "well-known") and a decimal point
// or thousands separator between digits ("3.5", "1,000") keep it one word. Dashes, slashes and spaces separate words.
// A hand-written scanner rather than a Unicode regular expression: it runs on every word of a post, several times
// faster.
const NON_ASCII_WORD_CHARACTER = /[\p{L}\p{N}\p{M}]/u;

function isDigit(code: number): boolean {
  return code >= 48 && code <= 57;
}

function isWordCharacter(text: string, index: number): boolean {
  const code = text.charCodeAt(index);
  if (code < 128) return isDigit(code) || ((code | 32) >= 97 && (code | 32) <= 122);
  return !Number.isNaN(code) && NON_ASCII_WORD_CHARACTER.test(text.charAt(index));
}

function isJoiner(text: string, index: number): boolean {
  const code = text.charCodeAt(index);
  // ' ’ - join letters and digits; . , join digits only.
  if (code === 39 || code === 0x2019 || code === 45) return true;
  return (code === 46 || code === 44) && isDigit(text.charCodeAt(index - 1)) && isDigit(text.charCodeAt(index + 1));
}

/** Calls `onWord(start, end)` for each word of the text, left to right. */
function scanWords(text: string, onWord: (start: number, end: number) => void): void {
  const length = text.length;
  let i = 0;
  while (i < length) {
    if (!isWordCharacter(text, i)) {
      i++;
      continue;
    }
    const start = i;
    i++;
    for (;;) {
      while (i < length && isWordCharacter(text, i)) i++;
      if (i + 1 < length && isJoiner(text, i) && isWordCharacter(text, i + 1)) i++;
      else break;
    }
    onWord(start, i);
  }
}

export function countWords(text: string): number {
  let count = 0;
  scanWords(text, () => count++);
  return count;
}

/** The words of a text, lower-cased, with typographic apostrophes made plain. */
export function tokenizeWords(text: string): string[] {
  const lower = text.toLowerCase();
  const plain = lower.includes("’") ? lower.replace(/’/g, "'") : lower;
  const words: string[] = [];
  scanWords(plain, (start, end) => words.push(plain.slice(start, end)));
  return words;
}

const NO_PLURAL_S = /(?:ss|us|is)$/;
const ES_PLURAL = /(?:s|x|z|ch|sh)es$/;
const DOUBLED_CONSONANT = /([bcdfghjkmnpqrtvwx])\1$/;

function undouble(stem: string): string {
  return stem.length >= 4 && DOUBLED_CONSONANT.test(stem) ? stem.slice(0, -1) : stem;
}

/**
 * A deliberately small English stemmer, so that a keyphrase matches its simple plurals and inflections: "grinder",
 * "grinders" and "grinder's" share a stem, and so do "bake", "bakes", "baked" and "baking". Both sides of every
 * comparison go through it, so the stems need not be real words.
 */
export function stemWord(word: string): string {
  let w = word;
  if (w.endsWith("'s")) w = w.slice(0, -2);
  else if (w.endsWith("'")) w = w.slice(0, -1);
  if (w.length <= 3) return w;
  if (w.endsWith("ies") || w.endsWith("ied")) {
    if (w.length > 4) w = `${w.slice(0, -3)}y`;
  } else if (ES_PLURAL.test(w)) {
    w = w.slice(0, -2);
  } else if (w.endsWith("s") && !NO_PLURAL_S.test(w)) {
    w = w.slice(0, -1);
  } else if (w.endsWith("ing") && w.length >= 6) {
    w = undouble(w.slice(0, -3));
  } else if (w.endsWith("ed") && w.length >= 5 && !w.endsWith("eed")) {
    w = undouble(w.slice(0, -2));
  }
  // A final silent "e" goes, so that "bake" meets "baking" and "cache" meets "caches".
  if (w.length > 3 && w.endsWith("e") && !w.endsWith("ee")) w = w.slice(0, -1);
  return w;
}
