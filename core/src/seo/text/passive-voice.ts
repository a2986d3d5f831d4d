// English passive voice, found the way Yoast SEO does it: a form of "to be" or "to get", then (after at most a couple
// of adverbs) a past participle: a regular "-ed" form or one of the irregular ones below.
const AUXILIARIES = new Set([
  "am",
  "is",
  "are",
  "was",
  "were",
  "be",
  "been",
  "being",
  "isn't",
  "aren't",
  "wasn't",
  "weren't",
  "get",
  "gets",
  "got",
  "gotten",
  "getting",
]);

// Words that may stand between the auxiliary and the participle ("is often used", "was not built").
const INTERVENING = new Set([
  "not",
  "never",
  "also",
  "always",
  "often",
  "still",
  "just",
  "already",
  "then",
  "now",
  "being",
  "been",
  "all",
  "both",
  "each",
  "sometimes",
  "rarely",
  "seldom",
  "ever",
  "even",
  "much",
  "well",
]);

const IRREGULAR_PARTICIPLES = new Set(
  (
    "arisen awoken beaten begun bent bitten bled blown born borne bought bound bred broken brought broadcast built " +
    "burnt caught chosen clung crept cut dealt done drawn dreamt driven drunk dug dwelt eaten fallen fed felt fought " +
    "found fled flung flown forbidden forecast forgiven forgotten forsaken frozen given ground grown hung heard hidden " +
    "hit held hurt kept knelt known laid led leant learnt left lent lit lost made meant met mistaken misunderstood " +
    "mown overcome overtaken overthrown overwritten paid proven put quit rewritten rid ridden risen rung said sawn " +
    "seen sought sold sent set sewn shaken shed shorn shot shown shrunk shut slain slept slid slung slit smelt sown " +
    "spoken sped spelt spent spilt spun spat split spoilt spread sprung stood stolen stuck stung stunk strewn struck " +
    "strung striven sworn swept swollen swum swung taken taught torn told thought thrown thrust trodden understood " +
    "undertaken undone upset withdrawn withheld woken worn woven wept won wound written wrung"
  ).split(" "),
);

// Words ending in "-ed" that are not participles.
const NOT_PARTICIPLES = new Set([
  "bed",
  "red",
  "need",
  "feed",
  "seed",
  "weed",
  "deed",
  "reed",
  "speed",
  "breed",
  "greed",
  "bleed",
  "indeed",
  "hundred",
  "sacred",
  "naked",
  "wicked",
  "beloved",
  "embed",
  "proceed",
  "succeed",
  "exceed",
  "shred",
  "sled",
  "wed",
]);

function isParticiple(word: string): boolean {
  if (IRREGULAR_PARTICIPLES.has(word)) return true;
  return word.length >= 4 && word.endsWith("ed") && !NOT_PARTICIPLES.has(word);
}

/** Whether a sentence, given as its lower-cased words, is in the passive voice. */
export function isPassiveSentence(words: readonly string[]): boolean {
  for (let i = 0; i < words.length; i++) {
    if (!AUXILIARIES.has(words[i] ?? "")) continue;
    for (let j = i + 1; j < words.length && j <= i + 3; j++) {
      const word = words[j] ?? "";
      if (isParticiple(word)) return true;
      if (!INTERVENING.has(word) && !word.endsWith("ly")) break;
    }
  }
  return false;
}
