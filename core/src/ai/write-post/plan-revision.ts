// Which blocks of a draft a revision rewrites, and what it asks of each: every check the draft failed is traced to
// the paragraphs (or headings, or meta description) that can fix it, read from their own text (the sentences without
// a transition word, the long or passive ones, where the keyphrase is missing or crowded). Each block is then
// rewritten by its own small call, all at once.
import type { SeoCheck } from "../../seo/index.ts";
import { splitSentences } from "../../seo/text/sentences.ts";
import { hasTransitionWord } from "../../seo/text/transition-words.ts";
import { isPassiveSentence } from "../../seo/text/passive-voice.ts";
import { tokenizeWords } from "../../seo/text/words.ts";
import { holdsKeyphrase } from "../../seo/text/link-text.ts";
import type { PostDocument } from "../post-document.ts";

export interface ParagraphBlock {
  /** P1, P2, ... in reading order (as listDocument and editDocument number them). */
  id: string;
  html: string;
  /** The heading of its section or part (null in the introduction). */
  heading: string | null;
  /** The paragraph before it in the same section, for the flow. */
  before: string | null;
}

export interface HeadingBlock {
  id: string;
  level: 2 | 3;
  text: string;
}

export interface RevisionPlan {
  paragraphs: Array<ParagraphBlock & { asks: string[] }>;
  headings: { asks: string[]; listing: string } | null;
  meta: { asks: string[] } | null;
  additions: Array<{ afterId: string; heading: string | null; before: string; words: number }>;
}

/** At most this many paragraphs are rewritten, so that the revision stays a small change. */
export const MAX_REWRITTEN_PARAGRAPHS = 6;
const MAX_ADDITIONS = 2;
const LONG_SENTENCE_WORDS = 20;
const LONG_PARAGRAPH_WORDS = 150;

/** The document's paragraphs and headings, numbered as listDocument numbers them. */
export function documentBlocks(doc: PostDocument): { paragraphs: ParagraphBlock[]; headings: HeadingBlock[] } {
  const paragraphs: ParagraphBlock[] = [];
  const headings: HeadingBlock[] = [];
  const addParagraphs = (list: string[], heading: string | null) =>
    list.forEach((html, i) => paragraphs.push({ id: `P${paragraphs.length + 1}`, html, heading, before: list[i - 1] ?? null }));
  addParagraphs(doc.intro, null);
  for (const section of doc.sections) {
    headings.push({ id: `H${headings.length + 1}`, level: 2, text: section.heading });
    for (const part of section.parts) {
      if (part.subheading !== null) headings.push({ id: `H${headings.length + 1}`, level: 3, text: part.subheading });
      addParagraphs(part.paragraphs, part.subheading ?? section.heading);
    }
  }
  headings.push({ id: `H${headings.length + 1}`, level: 2, text: doc.conclusion.heading });
  addParagraphs(doc.conclusion.paragraphs, doc.conclusion.heading);
  return { paragraphs, headings };
}

interface Reading {
  block: ParagraphBlock;
  words: number;
  sentences: number;
  withoutTransition: number;
  long: number;
  passive: number;
  keyphraseCount: number;
  text: string;
}

const plain = (html: string) => html.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ").trim();

function read(block: ParagraphBlock, keyphrase: string): Reading {
  const text = plain(block.html);
  const sentences = splitSentences(text).map((sentence) => tokenizeWords(sentence));
  const keyphraseCount = splitSentences(text).filter((sentence) => holdsKeyphrase(sentence, keyphrase)).length;
  return {
    block,
    text,
    words: sentences.reduce((sum, words) => sum + words.length, 0),
    sentences: sentences.length,
    withoutTransition: sentences.filter((words) => !hasTransitionWord(words)).length,
    long: sentences.filter((words) => words.length > LONG_SENTENCE_WORDS).length,
    passive: sentences.filter((words) => isPassiveSentence(words)).length,
    keyphraseCount,
  };
}

export function planRevision(
  doc: PostDocument,
  problems: readonly SeoCheck[],
  brief: { keyphrase: string; secondaryKeywords: readonly string[] },
): RevisionPlan {
  const { paragraphs, headings } = documentBlocks(doc);
  const readings = paragraphs.map((block) => read(block, brief.keyphrase));
  const asks = new Map<string, string[]>();
  const failed = new Map(problems.map((check) => [check.id, check]));
  const kp = brief.keyphrase;

  /** Adds the ask to up to `count` of the candidates (best first), within the cap on rewritten paragraphs. */
  const ask = (candidates: Reading[], count: number, text: string) => {
    let given = 0;
    for (const candidate of candidates) {
      if (given >= count) break;
      const id = candidate.block.id;
      if (!asks.has(id) && asks.size >= MAX_REWRITTEN_PARAGRAPHS) continue;
      asks.set(id, [...(asks.get(id) ?? []), text]);
      given += 1;
    }
  };
  // Real paragraphs, not one-line link leads.
  const prose = readings.filter((r) => r.words >= 12);
  const byMost = (key: (r: Reading) => number) => prose.filter((r) => key(r) > 0).sort((a, b) => key(b) - key(a));

  if (failed.has("keyphrase-in-introduction") && readings[0]) {
    ask([readings[0]], 1, `Use the focus keyphrase "${kp}" word for word in the first sentence.`);
  }
  const density = failed.get("keyphrase-density");
  if (density) {
    if (/more than recommended|stuffing/i.test(density.message)) {
      ask(byMost((r) => r.keyphraseCount - 1).concat(byMost((r) => r.keyphraseCount)), 3, `Use the focus keyphrase "${kp}" at most once here; say it in other words elsewhere.`);
    } else {
      // Spread over the post: one paragraph per section that lacks it.
      const lacking = prose.filter((r) => r.keyphraseCount === 0);
      const seen = new Set<string | null>();
      const spread = lacking.filter((r) => (seen.has(r.block.heading) ? false : (seen.add(r.block.heading), true)));
      ask(spread, 3, `Use the focus keyphrase "${kp}" once, word for word, where it reads naturally.`);
    }
  }
  if (failed.has("secondary-keywords")) {
    const missing = brief.secondaryKeywords.filter((keyword) => !readings.some((r) => holdsKeyphrase(r.text, keyword)));
    // Each in its own part of the post: the first after a third of it, the second after two thirds.
    missing.slice(0, 2).forEach((keyword, i) => {
      const start = Math.floor((prose.length * (i + 1)) / 3);
      ask([...prose.slice(start), ...prose.slice(0, start)], 1, `Use the keyword "${keyword}" once, where it reads naturally.`);
    });
  }
  if (failed.has("passive-voice")) ask(byMost((r) => r.passive), 3, "Rewrite its passive sentences in the active voice.");
  if (failed.has("sentence-length") || failed.has("flesch-reading-ease")) {
    ask(byMost((r) => r.long), 3, `Split every sentence longer than ${LONG_SENTENCE_WORDS} words; prefer short, common words.`);
  }
  if (failed.has("paragraph-length")) {
    ask(byMost((r) => r.words - LONG_PARAGRAPH_WORDS), 3, "Split it into two paragraphs of 2-4 sentences each.");
  }
  if (failed.has("transition-words")) {
    ask(
      byMost((r) => (r.sentences >= 2 ? r.withoutTransition : 0)),
      4,
      "Start more of its sentences with transition words (for example: however, as a result, in addition, first, finally).",
    );
  }
  if (failed.has("competing-links")) {
    ask(
      prose.filter((r) => [...r.block.html.matchAll(/<a [^>]*>([\s\S]*?)<\/a>/g)].some((m) => holdsKeyphrase(plain(m[1] ?? ""), kp))),
      2,
      `Reword the text of its links so that it does not contain the focus keyphrase "${kp}"; keep the addresses.`,
    );
  }

  const headingProblems = ["keyphrase-in-subheadings"].map((id) => failed.get(id)).filter((c): c is SeoCheck => !!c);
  const metaProblems = ["meta-description-length", "keyphrase-in-meta-description"]
    .map((id) => failed.get(id))
    .filter((c): c is SeoCheck => !!c);

  const additions: RevisionPlan["additions"] = [];
  if (failed.has("text-length")) {
    // After the last paragraph of the shortest sections.
    const bySection = new Map<string | null, Reading[]>();
    for (const r of readings) if (r.block.heading !== null) bySection.set(r.block.heading, [...(bySection.get(r.block.heading) ?? []), r]);
    const shortest = [...bySection.values()]
      .map((list) => ({ last: list[list.length - 1]!, words: list.reduce((s, r) => s + r.words, 0) }))
      .sort((a, b) => a.words - b.words)
      .slice(0, MAX_ADDITIONS);
    for (const { last } of shortest) additions.push({ afterId: last.block.id, heading: last.block.heading, before: last.block.html, words: 90 });
  }

  return {
    paragraphs: readings.filter((r) => asks.has(r.block.id)).map((r) => ({ ...r.block, asks: asks.get(r.block.id)! })),
    headings: headingProblems.length
      ? {
          asks: headingProblems.map((check) => `${check.label}: ${check.message}`),
          listing: headings.map((h) => `[${h.id}] ${h.level === 2 ? "##" : "###"} ${h.text}`).join("\n"),
        }
      : null,
    meta: metaProblems.length ? { asks: metaProblems.map((check) => `${check.label}: ${check.message}`) } : null,
    additions,
  };
}

/** Whether a plan has nothing to do. */
export const isEmptyPlan = (plan: RevisionPlan) =>
  plan.paragraphs.length === 0 && !plan.headings && !plan.meta && plan.additions.length === 0;
