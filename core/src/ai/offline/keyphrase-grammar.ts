// How a keyphrase reads inside a sentence the offline writer adds. A keyphrase is often not a noun phrase a sentence
// can take as it is: a plural ("coffee grinders") takes "are" and "work"; a question ("how to descale a kettle",
// "what is cold brew") reads as what it asks about ("descaling a kettle", "cold brew"); a keyphrase worked out from a
// title's content words ("care coffee grinder" from "How to Care for a Coffee Grinder") reads as the title says it
// ("caring for a coffee grinder"). Brand and acronym spellings ("AeroPress", "SEO") are kept. The phrase keeps every
// content word of the keyphrase, in a form the SEO analysis matches (it compares stems), so a sentence with it counts
// as a use of the keyphrase.
import { compileKeyphrase, countContentWordsPresent, findPhrase } from "../../seo/text/keyphrase.ts";
import { isFunctionWord } from "../../seo/text/function-words.ts";
import { stemWord, tokenizeWords } from "../../seo/text/words.ts";

export interface ProseKeyphrase {
  /** The phrase as it reads inside a sentence. */
  text: string;
  /** Whether it takes a plural verb ("coffee grinders are"). */
  plural: boolean;
  /** An activity ("descaling a kettle"): a guide is "to" it, never "a descaling a kettle guide". */
  activity: boolean;
  /** A question no phrase was found for ("when should coffee be ground"): it is asked, not named. */
  question: boolean;
  /**
   * Whether it reads before another noun as a person would write it ("a coffee grinder checklist"): a short singular
   * noun phrase; not a plural ("linen aprons checklist"), an activity, a question or "the best ..." (those read "a
   * checklist for the best coffee grinders").
   */
  modifier: boolean;
}

/** Verbs a keyphrase may start with ("brew pour-over coffee"): such a keyphrase reads as "How to ...", not as a noun. */
export const LEADING_VERBS: ReadonlySet<string> = new Set(
  (
    "bake brew build buy choose clean cook create cut decorate design find fix grow hang install keep learn make " +
    "paint pick plan plant prepare protect repair sell set start stop store switch train use wash write"
  ).split(" "),
);

/**
 * Verbs that start a task whatever the title says ("wash linen sheets" reads "washing linen sheets"); the other
 * LEADING_VERBS are often nouns before a noun ("paint colours", "plant pots", "grow lights"), so they start a task only
 * when the title asks how to do it ("How to Paint a Fence").
 */
const TASK_VERBS = new Set(
  (
    "bake brew buy choose clean cook descale fix fold install learn make organise organize polish prepare protect " +
    "remove repair sell sharpen wash write"
  ).split(" "),
);

/** Words that make a keyphrase "the best ..." in a sentence ("best coffee grinders" -> "the best coffee grinders"). */
const SUPERLATIVE = /^(?:best|top|cheapest|finest|greatest|worst)\s+(?!\d)/i;

/** Words ending in "s" that are singular. */
const SINGULAR_S =
  /(?:ss|us|is|ness|ous|news|series|species|lens|gas|bus|plus|yes|always|whereas|physics|economics|mathematics|athletics|politics)$/;
const IRREGULAR_PLURALS = new Set(["people", "men", "women", "children", "feet", "teeth", "mice", "geese", "data"]);

/**
 * Keeps a brand's or acronym's spelling ("AeroPress", "SEO") and, in a keyphrase not typed in Title Case, a capitalised
 * name after the first word ("French press"); otherwise lower case. "I" stays a capital.
 */
export function inSentence(phrase: string): string {
  const words = phrase.split(/(\s+)/);
  const real = words.filter((word) => /\p{L}/u.test(word));
  const titleCased = real.length > 1 && real.filter((word) => /^\p{Lu}/u.test(word)).length > real.length / 2;
  let index = -1;
  return words
    .map((word) => {
      if (!/\p{L}/u.test(word)) return word;
      index++;
      if (/[A-Z]/.test(word.slice(1))) return word;
      if (index > 0 && !titleCased && /^\p{Lu}/u.test(word)) return word;
      return word.toLowerCase();
    })
    .join("")
    .replace(/(^|\s)i(\s|$)/g, "$1I$2");
}

/** Whether a noun phrase is plural, from its last word ("coffee grinders", "pour-over kettles", "people"). */
export function isPluralPhrase(phrase: string): boolean {
  const last = (phrase.toLowerCase().match(/[\p{L}]+/gu) ?? []).pop() ?? "";
  if (IRREGULAR_PLURALS.has(last)) return true;
  return last.length > 3 && last.endsWith("s") && !SINGULAR_S.test(last);
}

/** The -ing form of a verb: care -> caring, stop -> stopping, brew -> brewing, tie -> tying. */
export function gerund(verb: string): string {
  const v = verb.toLowerCase();
  if (v.endsWith("ing") && v.length > 5) return v;
  if (v === "be" || v === "see") return `${v}ing`;
  if (v.endsWith("ie")) return `${v.slice(0, -2)}ying`;
  if (v.endsWith("e") && !/(?:ee|oe|ye)$/.test(v)) return `${v.slice(0, -1)}ing`;
  if (/^[^aeiou]*[aeiou][^aeiouwxy]$/.test(v) && v.length <= 4) return `${v}${v.slice(-1)}ing`;
  return `${v}ing`;
}

const HOW_TO = /^how\s+(?:to|(?:do|can|should|could|would)\s+(?:i|you|we|one))\s+([\p{L}'-]+)(.*)$/iu;
const WHAT_IS = /^what\s+(is|are)\s+(?:(?:an?|the)\s+)?(.+)$/i;
const WHY_IS = /^why\s+(is|are)\s+(?:(?:my|your|our|the|an?)\s+)?(.+?)\s+([\p{L}-]+)$/iu;
const QUESTION = /^(?:how|what|why|when|where|which|who|can|does|do|is|are|should|will)\b/i;

/** A title's main part: before a colon, dash, bar or bracket, without a leading count ("7 ways" stays "7 ways"). */
function mainPart(title: string): string {
  return (title.split(/\s*(?::|\||\(|\s[-–—]\s)\s*/)[0] ?? title).replace(/[.?!]+$/, "").trim();
}

/** "how to care for a coffee grinder" -> "caring for a coffee grinder"; null when it is no how-to. */
function activityOf(text: string): string | null {
  const how = HOW_TO.exec(text.trim().replace(/\?$/, ""));
  if (!how) return null;
  return `${gerund(how[1]!)}${how[2] ?? ""}`.replace(/\s+/g, " ").trim();
}

/**
 * The shortest run of a title's words that holds the given content words in order, with only function words between
 * them, as the title writes it; null when there is none.
 */
function titleStretch(contentStems: readonly string[], title: string): string | null {
  const words = [...title.matchAll(/[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu)];
  const stems = words.map((word) => stemWord(word[0].toLowerCase()));
  for (let start = 0; start < words.length; start++) {
    if (stems[start] !== contentStems[0]) continue;
    let next = 1;
    let end = start;
    for (let i = start + 1; i < words.length && next < contentStems.length; i++) {
      if (stems[i] === contentStems[next]) {
        next++;
        end = i;
      } else if (!isFunctionWord(words[i]![0].toLowerCase())) break;
    }
    if (next === contentStems.length) {
      const from = words[start]!.index ?? 0;
      return title.slice(from, (words[end]!.index ?? 0) + words[end]![0].length);
    }
  }
  return null;
}

/**
 * "wash linen sheets" -> "washing linen sheets": a phrase of two words or more that starts with a verb of TASK_VERBS,
 * or of LEADING_VERBS when the title asks how to do it ("How We Paint Fences"); else null.
 */
function taskOf(phrase: string, title: string): string | null {
  const [first, ...rest] = phrase.split(" ");
  const verb = first!.toLowerCase();
  if (rest.length === 0 || /[A-Z]/.test(first!.slice(1))) return null;
  const asked = () => new RegExp(`\\bhow\\s+(?:to|we|i|you)\\s+${verb}\\b`, "i").test(title);
  if (!TASK_VERBS.has(verb) && !(LEADING_VERBS.has(verb) && asked())) return null;
  return [gerund(first!), ...rest].join(" ");
}

/** The keyphrase as a phrase a sentence can hold (see the top of this file). */
export function proseKeyphrase(keyphrase: string, title = ""): ProseKeyphrase {
  const shape = proseShape(keyphrase, title);
  const prose = { ...shape, text: namesFromTitle(shape.text, title) };
  const words = prose.text.split(" ");
  const modifier =
    !prose.plural &&
    !prose.activity &&
    !prose.question &&
    words.length <= 3 &&
    !/^(?:a|an|the|my|your|our)$/i.test(words[0] ?? "");
  return { ...prose, modifier };
}

/**
 * A word the title capitalises inside a sentence-case title keeps its capital ("Chemex" in "Getting started with the
 * Chemex"): it is a name.
 */
function namesFromTitle(phrase: string, title: string): string {
  const words = title.split(/\s+/).filter((word) => /\p{L}/u.test(word));
  // Title Case capitalises the longer words (its small words stay lower case): that says nothing of names.
  const long = words.filter((word) => word.replace(/[^\p{L}]/gu, "").length >= 4);
  const capitalised = long.filter((word) => /^\p{Lu}/u.test(word)).length;
  if (words.length < 3 || capitalised > long.length / 2) return phrase;
  const names = new Set(
    words
      .slice(1)
      .map((word) => word.replace(/[^\p{L}\p{N}'-]/gu, ""))
      .filter((word) => /^\p{Lu}\p{Ll}/u.test(word)),
  );
  return phrase
    .split(" ")
    .map((word) => [...names].find((name) => name.toLowerCase() === word) ?? word)
    .join(" ");
}

function proseShape(keyphrase: string, title: string): Omit<ProseKeyphrase, "modifier"> {
  const kp = inSentence(keyphrase.trim().replace(/\s+/g, " "));
  // A task: "wash linen sheets" reads "washing linen sheets".
  const task = taskOf(kp, title);
  if (task) return { text: task, plural: false, activity: true, question: false };
  // "best coffee grinders" reads "the best coffee grinders".
  if (SUPERLATIVE.test(kp)) return { text: `the ${kp}`, plural: isPluralPhrase(kp), activity: false, question: false };
  const activity = activityOf(kp);
  if (activity) return { text: activity, plural: false, activity: true, question: false };
  const bare = kp.replace(/\?$/, "");
  const what = WHAT_IS.exec(bare);
  if (what) {
    const text = what[2]!.trim();
    return { text, plural: what[1]!.toLowerCase() === "are", activity: false, question: false };
  }
  // "why is my espresso bitter" is about bitter espresso.
  const why = WHY_IS.exec(bare);
  if (why) {
    const text = `${why[3]} ${why[2]}`;
    return { text, plural: why[1]!.toLowerCase() === "are", activity: false, question: false };
  }

  // A keyphrase made of the title's content words reads as the title says it.
  const compiled = compileKeyphrase(kp);
  const main = mainPart(title);
  if (compiled && main) {
    const titleStems = tokenizeWords(main).map(stemWord);
    const inTitleAsPhrase = findPhrase(compiled, titleStems) >= 0;
    const allWords = countContentWordsPresent(compiled, titleStems) === compiled.contentStems.length;
    if (!inTitleAsPhrase && allWords) {
      const fromTitle = activityOf(inSentence(main));
      if (fromTitle) return { text: fromTitle, plural: false, activity: true, question: false };
    }
    // The title's own words for it, with their spelling and the small words between ("pour over grinders" for
    // "pour grinders", "AeroPress recipes" for "aeropress recipes").
    const stretch = titleStretch(compiled.contentStems, main);
    if (stretch) {
      const text = inSentence(stretch);
      const titleTask = taskOf(text, title);
      if (titleTask) return { text: titleTask, plural: false, activity: true, question: false };
      const last = text.split(" ").pop() ?? "";
      return { text, plural: isPluralPhrase(text), activity: last.length > 5 && last.endsWith("ing"), question: false };
    }
  }
  if (QUESTION.test(kp)) return { text: bare, plural: false, activity: false, question: true };
  const last = kp.split(" ").pop() ?? "";
  return { text: kp, plural: isPluralPhrase(kp), activity: last.length > 5 && last.endsWith("ing"), question: false };
}

/** Determiners and numbers a phrase may start with: it takes no other article ("the best ...", "my espresso"). */
const DETERMINER =
  /^(?:a|an|the|my|your|our|their|his|her|its|this|that|these|those|some|any|every|each|no|\d[\d.,]*)$/i;

/**
 * Nouns that take no "a" (mass nouns: "cold brew", "skin care", "cookware"), besides -ing forms ("baking") and the
 * endings below.
 */
const MASS_NOUNS = new Set(
  (
    "advice art baggage bedding beer bread brew butter care cheese chocolate clothing coffee content cotton decor " +
    "décor denim design equipment espresso evidence fitness flour food fruit fun furniture gear gold health " +
    "help homework honey hygiene information jewellery jewelry knowledge leather linen luggage maintenance makeup " +
    "marketing meat milk money music news nutrition oil packaging paper pasta pottery research rice safety salt " +
    "security seo silk silver skincare sleep soap software hardware storage sugar tea timber traffic training " +
    "travel water wealth weather wellness wine wood wool work yarn yoga"
  ).split(" "),
);
const MASS_ENDINGS = /(?:ware|wear|ness|ism|ics)$/;

/**
 * "a" or "an" before a phrase, by the sound of its first word: "an espresso machine", "an hour", "an SEO audit" (an
 * acronym is read letter by letter), "a user guide", "a one-cup brewer".
 */
export function indefiniteArticle(phrase: string): "a" | "an" {
  const word = (phrase.trim().split(/[\s-]+/)[0] ?? "").replace(/[^\p{L}\p{N}]/gu, "");
  if (/^\d/.test(word)) return /^(?:8|11|18)(?:\d{2})*$|^8/.test(word) ? "an" : "a";
  if (/^[A-Z]{2,}$/.test(word)) return /^[AEFHILMNORSX]/.test(word) ? "an" : "a";
  const lower = word.toLowerCase();
  if (/^(?:uni(?![nm])|us[aeiu]|ut[ei]|ur[aeiou]|eu|ew|one|once|ubiq)/.test(lower)) return "a";
  if (/^(?:hour|honest|hono(?:u)?r|heir)/.test(lower)) return "an";
  return /^[aeiou]/.test(lower) ? "an" : "a";
}

/**
 * The phrase as a sentence names one of a kind after "what", "why", "about", "with" and the like: a singular count noun
 * takes "a" or "an" ("what a roaster apron really involves", "an espresso machine"); a plural ("linen aprons"), a
 * mass noun ("cold brew"), a name ("AeroPress", "Chemex"), an activity ("descaling a kettle"), a question or a phrase
 * with its own determiner ("the best coffee grinders") stays as it is.
 */
export function withArticle(phrase: string, shape: { plural?: boolean; activity?: boolean } = {}): string {
  const article = articleFor(phrase, shape);
  return article ? `${article} ${phrase.trim()}` : phrase.trim();
}

/** The article a phrase takes where a sentence names one of a kind (see withArticle); null for none. */
export function articleFor(phrase: string, shape: { plural?: boolean; activity?: boolean } = {}): "a" | "an" | null {
  const text = phrase.trim();
  const words = text.split(/\s+/).filter(Boolean);
  const first = words[0] ?? "";
  const last = (words.at(-1) ?? "").replace(/[^\p{L}\p{N}'’-]/gu, "");
  const head = last.toLowerCase().split("-").pop() ?? "";
  const countable =
    words.length > 0 &&
    !(shape.plural ?? isPluralPhrase(text)) &&
    !shape.activity &&
    !(head.length > 5 && head.endsWith("ing")) &&
    !QUESTION.test(text) &&
    !DETERMINER.test(first) &&
    // A name: its last word is written with a capital ("AeroPress", "Chemex", "SEO").
    !/^\p{Lu}/u.test(last) &&
    !MASS_NOUNS.has(head) &&
    !MASS_ENDINGS.test(head);
  return countable ? indefiniteArticle(text) : null;
}

/** Verb agreement for a phrase: the words a template fills around it. */
export function agreement(plural: boolean) {
  return plural
    ? { is: "are", Is: "Are", does: "do", s: "", it: "they", its: "their" }
    : { is: "is", Is: "Is", does: "does", s: "s", it: "it", its: "its" };
}
