// Rewrites text into a voice by rules (for the offline writer and the example paragraph): the person it speaks as,
// US or UK spelling, contractions by formality, and sentences joined or split towards the voice's sentence length.
// Works on inline HTML: tags and their attributes are never touched.
import type { VoiceSettings } from "../contracts/voice.ts";
import { respell } from "./spelling.ts";

/** Applies `change` to the text between tags only. */
function onText(html: string, change: (text: string) => string): string {
  return html
    .split(/(<[^>]*>)/)
    .map((part) => (part.startsWith("<") ? part : change(part)))
    .join("");
}

function keepCase(original: string, replacement: string): string {
  if (
    original.charAt(0) === original.charAt(0).toUpperCase() &&
    original.charAt(0) !== original.charAt(0).toLowerCase()
  )
    return replacement.charAt(0).toUpperCase() + replacement.slice(1);
  return replacement;
}

// After these words, "you" is an object ("for you", "help you") and becomes "us"; elsewhere it is the subject.
const objectTakers = new Set(
  (
    "for to with about at from by of on in into without help helps helped show shows give gives let lets tell tells " +
    "ask asks keep keeps save saves point points take takes get gets cost costs serve serves guide guides walk " +
    "walks support supports remind reminds suit suits than like"
  ).split(" "),
);

/** "you" addressed to the reader becomes the inclusive "we" of a business speaking with its peers. */
function toWe(text: string): string {
  return text.replace(
    /\b(\w+)?(\s+)?\b(you're|you've|you'll|you'd|yourselves|yourself|yours|your|you)\b/gi,
    (whole, before: string | undefined, space: string | undefined, word: string) => {
      const lower = word.toLowerCase();
      const map: Record<string, string> = {
        "you're": "we're",
        "you've": "we've",
        "you'll": "we'll",
        "you'd": "we'd",
        yourselves: "ourselves",
        yourself: "ourselves",
        yours: "ours",
        your: "our",
      };
      const replacement = map[lower] ?? (before && objectTakers.has(before.toLowerCase()) ? "us" : "we");
      return `${before ?? ""}${space ?? ""}${keepCase(word, replacement)}`;
    },
  );
}

/** Advice to "you" becomes the founder's own practice ("When I get the basics right, I spend less time"). */
function youToI(text: string): string {
  return text
    .replace(/\b([Yy]ou) (are|were)\b/g, (_, you: string, verb: string) => `I ${verb === "are" ? "am" : "was"}`)
    .replace(
      /\b(are|were) you\b/gi,
      (_, verb: string) => keepCase(verb, verb.toLowerCase() === "are" ? "am" : "was") + " I",
    )
    .replace(
      /\b(\w+)?(\s+)?\b(you're|you've|you'll|you'd|yourselves|yourself|yours|your|you)\b/gi,
      (whole, before: string | undefined, space: string | undefined, word: string) => {
        const map: Record<string, string> = {
          "you're": "I'm",
          "you've": "I've",
          "you'll": "I'll",
          "you'd": "I'd",
          yourselves: "myself",
          yourself: "myself",
          yours: "mine",
          your: "my",
        };
        const lower = word.toLowerCase();
        const replacement = map[lower] ?? (before && objectTakers.has(before.toLowerCase()) ? "me" : "I");
        const cased = replacement.startsWith("I") ? replacement : keepCase(word, replacement);
        return `${before ?? ""}${space ?? ""}${cased}`;
      },
    );
}

/** The company's "we" becomes the founder's "I". */
function toI(text: string): string {
  return text
    .replace(/\b([Ww]e) (are|were)\b/g, (_, we: string, verb: string) => `I ${verb === "are" ? "am" : "was"}`)
    .replace(
      /\b(are|were) we\b/gi,
      (_, verb: string) => keepCase(verb, verb.toLowerCase() === "are" ? "am" : "was") + " I",
    )
    .replace(/\b(we're|we've|we'll|we'd|ourselves|ours|our|us|we)\b/gi, (word: string) => {
      const map: Record<string, string> = {
        "we're": "I'm",
        "we've": "I've",
        "we'll": "I'll",
        "we'd": "I'd",
        ourselves: "myself",
        ours: "mine",
        our: "my",
        us: "me",
        we: "I",
      };
      const replacement = map[word.toLowerCase()] ?? word;
      return replacement.startsWith("I") ? replacement : keepCase(word, replacement);
    });
}

const contractions: Array<[RegExp, string]> = [
  [/\b(do|does|did|is|are|was|were|could|would|should|has|have) not\b/gi, "$1n't"],
  [/\bcannot\b/gi, "can't"],
  [/\bwill not\b/gi, "won't"],
  [/\b(it|that|there|here|what) is\b/gi, "$1's"],
  [/\b(you|we|they) are\b/gi, "$1're"],
  [/\b(you|we|they|I) will\b/g, "$1'll"],
  [/\b(you|we|they|I) have\b(?! to\b)/g, "$1've"],
  [/\bI am\b/g, "I'm"],
  [/\blet us\b/gi, "let's"],
];

const expansions: Array<[RegExp, string]> = [
  [/\bcan't\b/gi, "cannot"],
  [/\bwon't\b/gi, "will not"],
  [/\b(\w+)n't\b/gi, "$1 not"],
  [/\b(it|that|there|here|what)'s\b/gi, "$1 is"],
  [/\b(\w+)'re\b/gi, "$1 are"],
  [/\b(\w+)'ll\b/gi, "$1 will"],
  [/\b(\w+)'ve\b/gi, "$1 have"],
  [/\bI'm\b/g, "I am"],
  [/\blet's\b/gi, "let us"],
];

function applyAll(text: string, rules: Array<[RegExp, string]>): string {
  return rules.reduce((t, [pattern, replacement]) => t.replace(pattern, replacement), text);
}

// Sentence ends inside inline HTML: end punctuation, optional closing tags, space, then a capital (maybe after tags).
const boundary = /([.!?])((?:<\/[^>]+>)*)\s+(?=(?:<[^/][^>]*>)*["“]?[A-Z0-9\uE000])/g;

export function splitHtmlSentences(html: string): string[] {
  const out: string[] = [];
  let start = 0;
  boundary.lastIndex = 0;
  for (let m = boundary.exec(html); m !== null; m = boundary.exec(html)) {
    // "e.g. Something" and initials are rare in our own templates; abbreviations are not handled here.
    out.push(html.slice(start, m.index + m[1]!.length + (m[2] ?? "").length).trim());
    start = m.index + m[0].length;
  }
  const last = html.slice(start).trim();
  if (last) out.push(last);
  return out;
}

const wordCount = (html: string) =>
  html
    .replace(/<[^>]*>/g, " ")
    .split(/\s+/)
    .filter(Boolean).length;

/** Lowers the first letter of a sentence that is joined to the one before (not "I", names or acronyms). */
function lowerFirst(sentence: string, names: readonly string[]): string {
  return sentence.replace(/^((?:<[^>]*>)*["“]?)([A-Z][\w'’-]*)/, (whole, lead: string, word: string) => {
    if (word === "I" || /^I'/.test(word) || /[A-Z]/.test(word.slice(1)) || names.some((n) => n.startsWith(word)))
      return whole;
    return lead + word.charAt(0).toLowerCase() + word.slice(1);
  });
}

const transitionLead =
  /^(?:<[^>]*>)*(?:however|then|so|also|first|second|next|finally|still|instead|after that|as a result|in addition|for example|for instance|because of that|of course|in short|in other words|above all|most of all|most importantly|in the end|after all|fortunately|later|likewise|over time|that is why|for this reason)\b/i;

/** Joins short sentences (to reach a longer mean) or splits long ones at their joints (to reach a shorter mean). */
export function fitSentenceLength(html: string, targetWords: number, names: readonly string[] = []): string {
  const sentences = splitHtmlSentences(html);
  const lengths = sentences.map(wordCount);
  const current = lengths.reduce((a, b) => a + b, 0) / (sentences.length || 1);
  if (current < targetWords * 0.85) {
    const out: string[] = [];
    for (const sentence of sentences) {
      const previous = out[out.length - 1];
      if (
        previous !== undefined &&
        /\.(?:<\/[^>]+>)*$/.test(previous) &&
        wordCount(previous) < targetWords * 0.8 &&
        wordCount(previous) + wordCount(sentence) <= targetWords * 1.5 &&
        !/\?|!/.test(sentence.slice(-3))
      ) {
        const joiner = transitionLead.test(sentence) ? "; " : ", and ";
        out[out.length - 1] = `${previous.replace(/\.((?:<\/[^>]+>)*)$/, "$1")}${joiner}${lowerFirst(sentence, names)}`;
      } else out.push(sentence);
    }
    return out.join(" ");
  }
  if (current > targetWords * 1.15) {
    return sentences
      .map((sentence) => {
        if (wordCount(sentence) <= targetWords * 1.2) return sentence;
        return sentence.replace(
          /, (?:and|but|so) (?=[a-z])| (?:because|which means) (?=[a-z])/,
          (whole: string, offset: number) => {
            const word = whole.replace(/^,/, "").trim();
            const before = sentence.slice(0, offset);
            const after = sentence.slice(offset + whole.length);
            if (wordCount(before) < 3 || wordCount(after) < 3) return whole;
            const lead = word === "because" ? "That is because" : word === "which means" ? "That means" : capital(word);
            return `. ${lead} `;
          },
        );
      })
      .join(" ");
  }
  return html;
}

const capital = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

export interface ApplyVoiceOptions {
  /** Names whose capitals stay when a sentence is joined to the one before. */
  names?: readonly string[];
  /** Leave sentence lengths alone (headings, list items). */
  keepSentences?: boolean;
}

/** Rewrites one block of inline HTML (a paragraph, a heading, a list item) into the voice. */
export function applyVoice(
  html: string,
  voice: Pick<VoiceSettings, "person" | "spelling" | "formality" | "sentenceWords">,
  options: ApplyVoiceOptions = {},
): string {
  // A sentence that speaks for the business ("get in touch with us") keeps its "you" in a "we" voice.
  const forTheBusiness = /\b(?:us|our|ours|contact|get in touch|help you|comments)\b/i;
  // Names (the company, the keyphrase, the keywords) keep their words: they are hidden from the rewrite.
  const names = [...(options.names ?? [])].filter((n) => n.trim().length >= 3).sort((a, b) => b.length - a.length);
  const hidden: string[] = [];
  const hide = (text: string) =>
    names.reduce(
      (t, name) =>
        t.replace(new RegExp(`\\b${name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\b`, "gi"), (found) => {
          hidden.push(found);
          return `\uE000${hidden.length - 1}\uE001`;
        }),
      text,
    );
  const show = (text: string) => text.replace(/\uE000(\d+)\uE001/g, (_, i: string) => hidden[Number(i)] ?? "");
  let out = splitHtmlSentences(onText(html, hide))
    .map((sentence) =>
      onText(sentence, (text) => {
        let t = text;
        if (voice.person === "I") {
          // A founder tells their own practice; a sentence that speaks to the customer keeps its "you".
          t = toI(t);
          if (!forTheBusiness.test(sentence.replace(/<[^>]*>/g, "")) && !/\bfor you\b/i.test(sentence)) t = youToI(t);
        } else if (voice.person === "we" && !forTheBusiness.test(sentence.replace(/<[^>]*>/g, ""))) t = toWe(t);
        if (voice.formality === "casual") t = applyAll(t, contractions);
        else if (voice.formality === "formal") t = applyAll(t, expansions);
        return respell(t, voice.spelling);
      }),
    )
    .join(" ");
  if (!options.keepSentences && voice.sentenceWords.mean > 0)
    out = fitSentenceLength(out, voice.sentenceWords.mean, options.names);
  return show(out);
}
