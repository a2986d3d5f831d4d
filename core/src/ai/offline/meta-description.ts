// Meta descriptions the offline writer and the offline title optimiser use: the keyphrase early, what the reader
// gets, and 120-156 characters so that search results show it whole.
import { capitalise, fitMetaDescription } from "../brief.ts";
import { agreement, isPluralPhrase, withArticle } from "./keyphrase-grammar.ts";

const templates = [
  "{Kp} made simple: learn what {it} involve{s}, why {it} matter{s} and a step-by-step plan to get results, plus the mistakes to avoid.",
  "Want better results with {aKp}? Learn the basics, the key benefits, a simple three-step plan and the common mistakes to avoid.",
  "Discover why {aKp} matter{s} and how to start. A practical guide with clear steps, expert tips and answers to common questions.",
  "Everything you need to know about {aKp}: the benefits, a clear plan to get started, mistakes to avoid and practical tips that work.",
];

const companyTemplates = [
  "{Kp} made simple: the benefits, a step-by-step plan and the mistakes to avoid, with practical tips from {company}.",
  "Learn the essentials of {aKp} and how to start, with a clear plan, common mistakes to avoid and expert advice from {company}.",
];

export function offlineMetaDescription(
  keyphrase: string,
  companyName: string,
  pick: (count: number) => number,
): string {
  // Verbs and pronouns agree with the keyphrase: "coffee grinders matter", "a routine matters".
  const plural = isPluralPhrase(keyphrase);
  const agree = agreement(plural);
  // "why a roaster apron matters", "about linen aprons": a singular count noun takes its article.
  const aKp = withArticle(keyphrase, { plural });
  const fill = (t: string) =>
    t
      .replace(/\{Kp\}/g, capitalise(keyphrase))
      .replace(/\{aKp\}/g, aKp)
      .replace(/\{kp\}/g, keyphrase)
      .replace(/\{company\}/g, companyName)
      .replace(/\{it\}/g, agree.it)
      .replace(/\{s\}/g, agree.s);
  const options = [...(companyName ? companyTemplates : []), ...templates].map(fill);
  const fitting = options.filter((text) => text.length >= 120 && text.length <= 156);
  const chosen = fitting.length > 0 ? fitting[pick(fitting.length)] : undefined;
  // A very long keyphrase or company name leaves nothing that fits: cut the best one at a word boundary.
  return chosen ?? fitMetaDescription(options[0] ?? keyphrase);
}
