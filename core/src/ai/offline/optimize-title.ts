// Title suggestions by rule, for when no AI provider is configured: candidates that put the focus keyphrase first,
// add a benefit or power word, and the year where it fits, ranked by the SEO title score (keyphrase position and
// width in search results), then by closeness to 55 characters. The author's own title wins when it scores best.
import type { OptimizeTitleInput, OptimizeTitleResponse } from "../../contracts/blog.ts";
import { scoreTitle } from "../../seo/index.ts";
import { capitalise, containsKeyphrase, titleCase } from "../brief.ts";
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

export function optimizeTitleOffline(
  input: OptimizeTitleInput,
  options: { now?: () => Date; companyName?: string } = {},
): OptimizeTitleResponse {
  const original = input.originalTitle.trim().replace(/\s+/g, " ");
  const keyphrase = input.keywords.map((k) => k.trim()).find(Boolean) ?? keyphraseFromTitle(original);
  const year = (options.now?.() ?? new Date()).getFullYear();
  const kp = titleCase(/[A-Z]/.test(keyphrase.slice(1)) ? keyphrase : keyphrase.toLowerCase());
  const originalCased = titleCase(original);
  const rest = originalCased
    .replace(new RegExp(keyphrase.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"), "i"), "")
    .replace(/^[\s:–—-]+|[\s:–—-]+$/g, "")
    .replace(/\s{2,}/g, " ");

  const candidates = [
    containsKeyphrase(original, keyphrase) ? originalCased : `${kp}: ${originalCased}`,
    rest && rest.split(" ").length >= 2 ? `${kp}: ${capitalise(rest)}` : "",
    `${kp}: The Complete Guide for ${year}`,
    `${kp}: A Simple Guide That Works`,
    `${kp} Made Simple: Expert Tips for ${year}`,
    `${kp}: 7 Proven Tips for Better Results`,
    `${kp} Explained: What You Need to Know`,
    `The Ultimate Guide to ${kp} in ${year}`,
  ];

  const seen = new Set<string>();
  const ranked = candidates
    .map((title, order) => ({ title: title.trim(), order }))
    .filter(({ title }) => {
      const key = title.toLowerCase();
      // A candidate that is little more than the keyphrase is no suggestion.
      if (!title || seen.has(key) || (title !== originalCased && title.length < 30)) return false;
      seen.add(key);
      return true;
    })
    .map((c) => ({ ...c, score: scoreTitle(c.title, keyphrase), distance: Math.abs(c.title.length - 55) }))
    // The author's own wording comes first among equals; otherwise the best score, then the best length.
    .sort((a, b) => b.score - a.score || (a.order === 0 ? -1 : b.order === 0 ? 1 : a.distance - b.distance || a.order - b.order));

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
