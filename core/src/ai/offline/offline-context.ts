// What every part of an offline post is written from: the brief, what the author's instructions say, the keyphrase
// forms and the two Composers (one for text, one for headings) that draw from one random generator seeded from the
// form. The parts draw from it in turn, so the order in which they are written decides the wording.
import { type Brief, titleCase } from "../brief.ts";
import { escapeHtml, type PostSection } from "../post-document.ts";
import { Composer, seededRandom } from "./composer.ts";
import {
  agreement,
  articleFor,
  inSentence as proseSpelling,
  isPluralPhrase,
  proseKeyphrase,
} from "./keyphrase-grammar.ts";
import { type InstructionHints, readInstructions } from "./read-instructions.ts";

/** The shape a title promises: steps to follow, a list of items, or a general guide. */
export type PostKind = "how-to" | "list" | "guide";

export interface OfflineContext {
  brief: Brief;
  hints: InstructionHints;
  /** The keyphrase as it reads inside a sentence. */
  kp: string;
  /** Whether the keyphrase is an activity ("washing linen sheets"): "mistakes to avoid when washing linen sheets". */
  activity: boolean;
  /** Whether it reads before another noun ("a coffee grinder checklist"), else "a checklist for linen aprons". */
  modifier: boolean;
  /** The secondary keywords as they read inside a sentence. */
  keywords: string[];
  company: string;
  kind: PostKind;
  /** Fills paragraphs and list items: its variables are HTML-escaped. */
  c: Composer;
  /** Fills headings: its variables are plain text. */
  h: Composer;
}

/** Writes one H2 section of the body, drawing its wording from the context's Composers. */
export type SectionWriter = (context: OfflineContext) => PostSection;

/** Keeps a brand's or acronym's spelling; otherwise lower case, as the keyphrase reads inside a sentence. */
function inSentence(phrase: string): string {
  return /[A-Z]/.test(phrase.slice(1)) ? phrase : phrase.toLowerCase();
}

export function listing(items: string[]): string {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;
}

/** How the keyphrase reads, when the caller knows it (a refresh does, from keyphrase-grammar's proseKeyphrase). */
export interface KeyphraseShape {
  plural: boolean;
  activity: boolean;
  modifier: boolean;
}

export function offlineContext(brief: Brief, shape?: KeyphraseShape): OfflineContext {
  const hints = readInstructions(brief.instructions);
  const random = seededRandom(
    [brief.title, brief.keyphrase, ...brief.secondaryKeywords, brief.companyName, brief.instructions].join("\u0000"),
  );
  // A keyphrase given with its shape is already as a sentence reads it ("the Chemex", "washing linen sheets").
  // Without a shape, the typed keyphrase is judged as a sentence reads it (keyphrase-grammar's proseKeyphrase): a task
  // typed as a command ("descale a kettle") reads as the activity ("descaling a kettle"), a superlative ("best coffee
  // grinders") with its article ("the best coffee grinders"); anything else as typed.
  const read = shape ? undefined : proseKeyphrase(brief.keyphrase, brief.title);
  const spoken =
    read && (read.activity || (/^the\s/i.test(read.text) && !/^the\s/i.test(brief.keyphrase))) ? read.text : undefined;
  const kp = shape ? brief.keyphrase : (spoken ?? inSentence(brief.keyphrase));
  const keywords = brief.secondaryKeywords.map(inSentence);
  const company = brief.companyName;

  // Verbs and pronouns around the keyphrase agree with it: "coffee grinders are", "a grinder is".
  const plural = shape ? shape.plural : spoken ? read!.plural : isPluralPhrase(kp);
  const agree = agreement(plural);
  // After "what", "why", "about", "with" and the like a singular count noun takes its article: "what a roaster apron
  // really involves", "an espresso machine"; plurals, mass nouns, names and activities take none. A keyphrase given
  // without its shape is judged as a sentence spells it ("Roaster Apron" typed in Title Case is no name).
  const article = articleFor(shape || spoken ? kp : proseSpelling(kp), {
    plural,
    activity: shape?.activity ?? read?.activity ?? false,
  });
  // "the best coffee grinders" reads "the Best Coffee Grinders" inside a heading ("Mistakes with the Best ...").
  const KP = titleCase(kp).replace(/^The /, "the ");
  // Text variables are HTML-escaped (paragraphs are inline HTML); heading variables are plain text.
  const plain = {
    kpIs: agree.is,
    KpIs: agree.Is,
    kpDoes: agree.does,
    kpS: agree.s,
    kpIt: agree.it,
    kp,
    aKp: article ? `${article} ${kp}` : kp,
    KP,
    // "a Roaster Apron" inside a heading ("What Is a Roaster Apron?").
    AKP: article ? `${article} ${KP}` : KP,
    kw1: keywords[0] ?? "",
    KW1: titleCase(keywords[0] ?? ""),
    KW2: titleCase(keywords[1] ?? ""),
    company,
    readers: hints.audience ?? "readers",
  };
  const escaped = Object.fromEntries(Object.entries(plain).map(([k, v]) => [k, escapeHtml(v)]));
  const c = new Composer(random, {
    ...escaped,
    kw2: escapeHtml(keywords[1] ?? ""),
    kwList: escapeHtml(listing(keywords)),
  });
  const h = new Composer(random, plain);
  const kind = /^\s*how\b/i.test(brief.title)
    ? "how-to"
    : /^\s*(?:\d+|top|best)\b/i.test(brief.title)
      ? "list"
      : "guide";
  // Without a shape, the keyphrase is written as it was typed, before nouns too (as posts always were).
  const activity = shape?.activity ?? read?.activity ?? false;
  const modifier = shape?.modifier ?? (spoken ? read!.modifier : true);
  return { brief, hints, kp, activity, modifier, keywords, company, kind, c, h };
}
