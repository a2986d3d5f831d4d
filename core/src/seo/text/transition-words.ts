// English transition words and phrases: the ones Yoast SEO and Rank Math look for, one word or several.
const SINGLE_WORDS = new Set(
  (
    "accordingly additionally afterward afterwards albeit also although altogether another basically because before " +
    "besides but certainly chiefly clearly comparatively concurrently consequently conversely correspondingly " +
    "despite doubtedly during earlier emphatically equally especially eventually evidently explicitly finally " +
    "firstly following formerly forthwith fourthly further furthermore generally hence henceforth however " +
    "identically indeed initially instead lastly later lest likewise markedly meanwhile moreover namely " +
    "nevertheless next nonetheless nor notably notwithstanding obviously occasionally otherwise overall " +
    "particularly presently previously primarily rather regardless secondly shortly significantly similarly " +
    "simultaneously since so soon specifically still straightaway subsequently surely surprisingly then thereafter " +
    "therefore thereupon thirdly though thus till too ultimately undeniably undoubtedly unless unlike " +
    "unquestionably until when whenever whereas while yet"
  ).split(" "),
);

const PHRASES = [
  "above all",
  "after all",
  "after that",
  "all in all",
  "all things considered",
  "as a matter of fact",
  "as a consequence",
  "as a result",
  "as an illustration",
  "as long as",
  "as mentioned",
  "as soon as",
  "as well as",
  "at first",
  "at last",
  "at least",
  "at the same time",
  "because of",
  "by all means",
  "by and large",
  "by contrast",
  "by the same token",
  "by the way",
  "due to",
  "even if",
  "even so",
  "even though",
  "first of all",
  "for example",
  "for instance",
  "for one thing",
  "for the most part",
  "for this reason",
  "given that",
  "in addition",
  "in any case",
  "in brief",
  "in conclusion",
  "in contrast",
  "in fact",
  "in general",
  "in order to",
  "in other words",
  "in particular",
  "in short",
  "in spite of",
  "in summary",
  "in the end",
  "in the first place",
  "in the meantime",
  "in the same way",
  "in this case",
  "instead of",
  "last but not least",
  "not only",
  "of course",
  "on the contrary",
  "on the other hand",
  "on top of that",
  "provided that",
  "rather than",
  "so that",
  "such as",
  "that is to say",
  "to begin with",
  "to conclude",
  "to illustrate",
  "to put it differently",
  "to sum up",
  "to summarize",
  "to this end",
  "what's more",
  "with this in mind",
].map((phrase) => phrase.split(" "));

// Phrases indexed by their first word, so that a sentence is scanned once.
const PHRASES_BY_FIRST_WORD = new Map<string, string[][]>();
for (const phrase of PHRASES) {
  const first = phrase[0] ?? "";
  const list = PHRASES_BY_FIRST_WORD.get(first) ?? [];
  list.push(phrase);
  PHRASES_BY_FIRST_WORD.set(first, list);
}

/** Whether a sentence, given as its lower-cased words, contains a transition word or phrase. */
export function hasTransitionWord(words: readonly string[]): boolean {
  for (let i = 0; i < words.length; i++) {
    const word = words[i] ?? "";
    if (SINGLE_WORDS.has(word)) return true;
    const phrases = PHRASES_BY_FIRST_WORD.get(word);
    if (phrases === undefined) continue;
    for (const phrase of phrases) {
      if (phrase.every((part, offset) => words[i + offset] === part)) return true;
    }
  }
  return false;
}
