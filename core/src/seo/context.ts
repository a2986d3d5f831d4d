import { parseSeoDocument, type SeoBlock, type SeoDocument } from "./document/parse-seo-document.ts";
import { fleschReadingEase } from "./text/flesch.ts";
import { compileKeyphrase, countInSentence, type Keyphrase } from "./text/keyphrase.ts";
import { splitSentences } from "./text/sentences.ts";
import { countSyllables } from "./text/syllables.ts";
import { stemWord, tokenizeWords } from "./text/words.ts";
import { titleWidthPx } from "../contracts/title-width.ts";
import type { SeoInput } from "./types.ts";

export interface AnalysedSentence {
  text: string;
  /** Lower-cased words. */
  words: string[];
  stems: string[];
  syllables: number;
}

export interface AnalysedBlock extends SeoBlock {
  wordCount: number;
  /** A heading is one sentence. */
  sentences: AnalysedSentence[];
}

/** Everything the checks read, computed once per analysis. */
export interface SeoContext {
  title: string;
  /** Lower-cased words of the title. */
  titleWords: string[];
  titleStems: string[];
  titleWidthPx: number;
  /** The URL slug, or null when none was given (the slug checks are then skipped). */
  slug: string | null;
  metaDescription: string;
  metaDescriptionSentences: AnalysedSentence[];
  keyphrase: Keyphrase | null;
  /** Target keywords other than the keyphrase. */
  secondaryKeyphrases: Keyphrase[];
  /** Host of the site, without "www.", to tell internal links from outbound ones. */
  siteHost: string | null;
  document: SeoDocument;
  blocks: AnalysedBlock[];
  /** Sentences of the running text (paragraphs and list items; not headings, tables or captions). */
  textSentences: AnalysedSentence[];
  wordCount: number;
  keyphraseCount: number;
  /** Keyphrase occurrences per 100 words, two decimals. */
  keyphraseDensity: number;
  fleschReadingEase: number;
}

interface WordInfo {
  stem: string;
  syllables: number;
}

/** What is known of each distinct word, worked out once per analysis: a post repeats the same few hundred words. */
type WordCache = Map<string, WordInfo>;

export function analyseSentence(text: string, cache: WordCache = new Map()): AnalysedSentence {
  const words = tokenizeWords(text);
  const stems = new Array<string>(words.length);
  let syllables = 0;
  for (let i = 0; i < words.length; i++) {
    const word = words[i] ?? "";
    let info = cache.get(word);
    if (info === undefined) {
      info = { stem: stemWord(word), syllables: countSyllables(word) };
      cache.set(word, info);
    }
    stems[i] = info.stem;
    syllables += info.syllables;
  }
  return { text, words, stems, syllables };
}

function hostOf(siteUrl: string | undefined): string | null {
  if (siteUrl === undefined || siteUrl.trim() === "") return null;
  try {
    const url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(siteUrl) ? siteUrl : `https://${siteUrl}`);
    return url.hostname.replace(/^www\./, "");
  } catch {
    return null;
  }
}

export function buildSeoContext(input: SeoInput): SeoContext {
  const keywords = (input.keywords ?? []).map((keyword) => keyword.trim()).filter((keyword) => keyword !== "");
  // The keyphrase is the first keyword when none is given on its own.
  const keyphraseText = input.keyphrase.trim() !== "" ? input.keyphrase.trim() : (keywords[0] ?? "");
  const keyphrase = compileKeyphrase(keyphraseText);
  // Keywords that are the keyphrase again, up to case and inflection, are not secondary ones.
  const seen = new Set(keyphrase === null ? [] : [keyphrase.stems.join(" ")]);
  const secondaryKeyphrases: Keyphrase[] = [];
  for (const keyword of keywords) {
    const compiled = compileKeyphrase(keyword);
    if (compiled === null || seen.has(compiled.stems.join(" "))) continue;
    seen.add(compiled.stems.join(" "));
    secondaryKeyphrases.push(compiled);
  }

  const document = parseSeoDocument(input.html);
  const cache: WordCache = new Map();
  const blocks: AnalysedBlock[] = [];
  const textSentences: AnalysedSentence[] = [];
  let wordCount = 0;
  let keyphraseCount = 0;
  for (const block of document.blocks) {
    const sentences =
      block.kind === "heading"
        ? [analyseSentence(block.text, cache)]
        : splitSentences(block.text).map((sentence) => analyseSentence(sentence, cache));
    let blockWords = 0;
    for (const sentence of sentences) {
      blockWords += sentence.words.length;
      if (keyphrase !== null) keyphraseCount += countInSentence(keyphrase, sentence.stems);
      if (block.kind === "paragraph" || block.kind === "listItem") textSentences.push(sentence);
    }
    wordCount += blockWords;
    blocks.push({ ...block, wordCount: blockWords, sentences });
  }

  const title = input.seoTitle?.trim() || input.title.trim();
  const titleWords = tokenizeWords(title);
  const metaDescription = input.metaDescription.trim();
  return {
    title,
    titleWords,
    titleStems: titleWords.map(stemWord),
    titleWidthPx: titleWidthPx(title),
    slug: input.slug === undefined || input.slug === null ? null : input.slug.trim(),
    metaDescription,
    metaDescriptionSentences: splitSentences(metaDescription).map((sentence) => analyseSentence(sentence, cache)),
    keyphrase,
    secondaryKeyphrases,
    siteHost: hostOf(input.siteUrl),
    document,
    blocks,
    textSentences,
    wordCount,
    keyphraseCount,
    keyphraseDensity: wordCount === 0 ? 0 : Math.round((keyphraseCount / wordCount) * 10_000) / 100,
    fleschReadingEase: fleschReadingEase(textSentences),
  };
}
