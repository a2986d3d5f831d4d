// Title suggestions by rule, for when no AI provider is configured: plain titles an editor would write around the
// focus keyphrase (a guide, a how-to, tips, the year), in the author's casing, ranked by the title score (keyphrase
// position and width in search results), then by closeness to 55 characters. The author's own title wins ties.
import type { OptimizeTitleInput, OptimizeTitleResponse } from "../../contracts/blog.ts";
import { scoreTitle } from "../../seo/index.ts";
import { capitalise, containsKeyphrase, titleCase } from "../brief.ts";
import { LEADING_VERBS } from "./keyphrase-grammar.ts";
import { offlineMetaDescription } from "./meta-description.ts";

const functionWords = new Set(
  (
    "a an and are as at be best by can do does for from get guide how i in is it its my of on or our should the their " +
    "this tips to top ultimate up vs what when where which why will with you your complete easy simple ways ideas " +
    "essential proven beginner beginners need know things reasons steps so much more most very really just"
  ).split(" "),
);

// Common verbs end a noun phrase ("Why iPhone repairs cost so much" is about "iPhone repairs").
const verbs = new Set(
  (
    "am be been being buy buying choose choosing cost costs cut cutting did find finding get gets getting go goes grow " +
    "growing has have help helps improve improving keep keeps learn make makes making matter matters need needs pick " +
    "picking save saving sell selling start starting stop switch switching try use uses using want wants was were work works"
  ).split(" "),
);

/** Without keywords, the keyphrase is the title's longest run of content words (at most its last three). */
export function keyphraseFromTitle(title: string): string {
  const words = title.match(/[\p{L}\p{N}'’-]+/gu) ?? [];
  let best: string[] = [];
  let run: string[] = [];
  for (const word of [...words, ""]) {
    const lower = word.toLowerCase();
    if (word && !functionWords.has(lower) && !verbs.has(lower) && !/^\d+$/.test(word)) {
      run.push(word);
      continue;
    }
    if (run.length > best.length) best = run;
    run = [];
  }
  return (best.length > 0 ? best.slice(-3) : words.slice(0, 3))
    .map((word) => (/[A-Z]/.test(word.slice(1)) ? word : word.toLowerCase()))
    .join(" ");
}

/** The keyphrase as it reads inside a sentence: lower case, except acronyms, brand spellings and names the author capitalised. */
function keyphraseInText(keyphrase: string, original: string): string {
  const names = new Set(
    original
      .split(/\s+/)
      .slice(1)
      .filter((word) => /^[A-Z]/.test(word)),
  );
  return keyphrase
    .split(/\s+/)
    .map((word) => (/[A-Z]/.test(word.slice(1)) || names.has(word) ? word : word.toLowerCase()))
    .join(" ");
}

/** Capitalises the first letter unless the first word is spelled with inner capitals (iPhone). */
function startSentence(text: string): string {
  const first = text.split(" ")[0] ?? "";
  return /[A-Z]/.test(first.slice(1)) ? text : capitalise(text);
}

/** Most words capitalised: the author writes titles in Title Case, and the suggestions follow. */
function isTitleCased(title: string): boolean {
  const words = title.split(/\s+/).filter((word) => /^\p{L}/u.test(word));
  return words.length > 1 && words.filter((word) => /^\p{Lu}/u.test(word)).length > words.length / 2;
}

/**
 * Titles an editor would write around the keyphrase, in the author's casing: no stacked colons, no filler such as
 * "Made Simple" or "Expert Tips". A keyphrase that starts with a verb is a task ("How to brew pour-over coffee").
 */
function titleCandidates(original: string, keyphrase: string, year: number): string[] {
  const kp = keyphraseInText(keyphrase, original);
  const Kp = startSentence(kp);
  const task = LEADING_VERBS.has(kp.split(" ")[0]?.toLowerCase() ?? "");
  const templates = task
    ? [
        `How to ${kp}: a step-by-step guide`,
        `How to ${kp}, step by step`,
        `${Kp}: a beginner's guide`,
        `How to ${kp} in ${year}`,
        `7 tips to help you ${kp}`,
      ]
    : [
        `${Kp}: a beginner's guide`,
        `${Kp} explained: what to know before you start`,
        `${Kp}: 7 tips for better results`,
        `${Kp} in ${year}: a practical guide`,
        `A beginner's guide to ${kp}`,
      ];
  if (!isTitleCased(original)) return templates;
  // In Title Case, the word after a colon starts a new phrase and is capitalised too.
  return templates.map((title) =>
    titleCase(title).replace(/([:?!]\s+)(\p{Ll})/gu, (_, gap: string, letter: string) => gap + letter.toUpperCase()),
  );
}

export function optimizeTitleOffline(
  input: OptimizeTitleInput,
  options: { now?: () => Date; companyName?: string } = {},
): OptimizeTitleResponse {
  const original = input.originalTitle.trim().replace(/\s+/g, " ");
  const keyphrase = input.keywords.map((k) => k.trim()).find(Boolean) ?? keyphraseFromTitle(original);
  const year = (options.now?.() ?? new Date()).getFullYear();
  // The author's own title stays the first candidate when it carries the keyphrase; it is never prefixed.
  const candidates = [
    containsKeyphrase(original, keyphrase) ? original : "",
    ...titleCandidates(original, keyphrase, year),
  ];

  const seen = new Set<string>();
  const ranked = candidates
    .map((title, order) => ({ title: title.trim(), order }))
    .filter(({ title }) => {
      const key = title.toLowerCase();
      // A candidate that is little more than the keyphrase is no suggestion.
      if (!title || seen.has(key) || (title !== original && title.length < 30)) return false;
      seen.add(key);
      return true;
    })
    .map((c) => ({ ...c, score: scoreTitle(c.title, keyphrase), distance: Math.abs(c.title.length - 55) }))
    // The author's own wording comes first among equals; otherwise the best score, then the best length.
    .sort(
      (a, b) =>
        b.score - a.score || (a.order === 0 ? -1 : b.order === 0 ? 1 : a.distance - b.distance || a.order - b.order),
    );

  const [best, ...others] = ranked;
  const optimizedTitle = best?.title ?? original;
  return {
    optimizedTitle,
    titleVariations: others.slice(0, 3).map((c) => c.title),
    seoScore: scoreTitle(optimizedTitle, keyphrase),
    metaDescription: offlineMetaDescription(
      /[A-Z]/.test(keyphrase.slice(1)) ? keyphrase : keyphrase.toLowerCase(),
      options.companyName ?? "",
      (n) => (original.length + keyphrase.length) % n,
    ),
  };
}
