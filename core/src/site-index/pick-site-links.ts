// Which pages of the owner's site a new post links to: the candidates whose titles share the most (rare) words with
// the post's focus keyphrase, keywords and title, scored with BM25 over the titles (no embeddings service). Cheap
// enough for thousands of candidates within a few milliseconds; the links the owner gave are never repeated.
import { isFunctionWord } from "../seo/text/function-words.ts";
import { stemWord, tokenizeWords } from "../seo/text/words.ts";

export interface SiteLinkCandidate {
  url: string;
  title: string;
  /** article, product, collection, page, post or category */
  kind: string;
  /** The item's kind and id on its platform ("product:8012", "post:42"), when the reader knows it. */
  sourceId?: string | null;
  /** The page's own image (a product's featured image, a post's featured media) and its alt text, when it has one. */
  image?: { url: string; alt: string } | null;
}

export interface PickSiteLinksInput {
  keyphrase: string;
  keywords: string[];
  title: string;
  /** Addresses already in the post (the owner's links): never picked again. */
  exclude?: string[];
  /** How many to pick (default 4). */
  max?: number;
}

const K1 = 1.2;
const B = 0.75;

/** Content-word stems of a text; `stems` remembers each word's stem (titles of one site repeat the same words). */
function terms(text: string, stems: Map<string, string | null> = new Map()): string[] {
  const out: string[] = [];
  for (const word of tokenizeWords(text)) {
    let stem = stems.get(word);
    if (stem === undefined) {
      stem = isFunctionWord(word) || word.length < 2 ? null : stemWord(word);
      stems.set(word, stem);
    }
    if (stem !== null) out.push(stem);
  }
  return out;
}

const sameAddress = (url: string) =>
  url
    .trim()
    .replace(/[#?].*$/, "")
    .replace(/\/+$/, "")
    .toLowerCase();

/**
 * What every pick from the same index recomputes otherwise: the titles in lower case, their word counts, and (as
 * they are needed) their stems. Kept per candidates array while it lives, so that an index held in memory across
 * generations (readSiteLinks) is prepared once; an array that grew since is prepared again.
 */
interface PreparedIndex {
  lower: string[];
  words: number[];
  terms: Array<string[] | undefined>;
  stems: Map<string, string | null>;
}

const preparedIndexes = new WeakMap<readonly SiteLinkCandidate[], PreparedIndex>();

function prepared(candidates: readonly SiteLinkCandidate[]): PreparedIndex {
  let index = preparedIndexes.get(candidates);
  if (!index || index.lower.length !== candidates.length) {
    const lower = candidates.map((candidate) => candidate.title.toLowerCase());
    index = { lower, words: lower.map((title) => title.split(" ").length), terms: [], stems: new Map() };
    preparedIndexes.set(candidates, index);
  }
  return index;
}

/** The most relevant few candidates, best first; none whose title shares no content word with the post. */
export function pickSiteLinks(
  candidates: readonly SiteLinkCandidate[],
  input: PickSiteLinksInput,
): SiteLinkCandidate[] {
  const max = input.max ?? 4;
  if (max <= 0 || candidates.length === 0) return [];
  // The keyphrase counts double: a page about the post's very subject is the best link.
  const weights = new Map<string, number>();
  for (const term of terms(input.keyphrase)) weights.set(term, 2);
  for (const term of [...input.keywords.flatMap((keyword) => terms(keyword)), ...terms(input.title)]) {
    if (!weights.has(term)) weights.set(term, 1);
  }
  if (weights.size === 0) return [];

  const excluded = new Set((input.exclude ?? []).map(sameAddress));
  // Only titles holding the start of a query stem can score: the rest are counted for the average length alone,
  // so a big index costs a substring scan, not the tokenising and stemming of every title.
  const prefixes = [...weights.keys()].map((term) => term.slice(0, 3));
  const index = prepared(candidates);
  const documents: Array<{ candidate: SiteLinkCandidate; terms: string[] }> = [];
  let totalLength = 0;
  for (let i = 0; i < candidates.length; i++) {
    const lower = index.lower[i]!;
    if (!prefixes.some((prefix) => lower.includes(prefix))) {
      totalLength += index.words[i]!;
      continue;
    }
    const candidate = candidates[i]!;
    const docTerms = (index.terms[i] ??= terms(candidate.title, index.stems));
    totalLength += docTerms.length;
    documents.push({ candidate, terms: docTerms });
  }
  const frequency = new Map<string, number>();
  for (const doc of documents) {
    for (const term of new Set(doc.terms)) if (weights.has(term)) frequency.set(term, (frequency.get(term) ?? 0) + 1);
  }
  const n = candidates.length;
  const averageLength = totalLength / n || 1;

  const scored: Array<{ candidate: SiteLinkCandidate; score: number }> = [];
  for (const doc of documents) {
    if (doc.terms.length === 0 || excluded.has(sameAddress(doc.candidate.url))) continue;
    let score = 0;
    const counts = new Map<string, number>();
    for (const term of doc.terms) if (weights.has(term)) counts.set(term, (counts.get(term) ?? 0) + 1);
    for (const [term, tf] of counts) {
      const df = frequency.get(term) ?? 0;
      const idf = Math.log(1 + (n - df + 0.5) / (df + 0.5));
      const norm = tf + K1 * (1 - B + (B * doc.terms.length) / averageLength);
      score += (weights.get(term) ?? 0) * idf * ((tf * (K1 + 1)) / norm);
    }
    if (score > 0) scored.push({ candidate: doc.candidate, score });
  }
  scored.sort((a, b) => b.score - a.score || a.candidate.title.localeCompare(b.candidate.title));
  const picked: SiteLinkCandidate[] = [];
  const seen = new Set<string>();
  for (const { candidate } of scored) {
    const key = sameAddress(candidate.url);
    if (seen.has(key)) continue;
    seen.add(key);
    picked.push(candidate);
    if (picked.length === max) break;
  }
  return picked;
}
