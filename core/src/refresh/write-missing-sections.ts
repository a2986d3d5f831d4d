// What a refreshed post adds: sections it lacks. With a model configured (OpenAI-compatible), one call asks for one
// or two sections on what readers search for and the post does not cover, in the owner's voice, told the post's
// headings and text; the answer is escaped into HTML. Without one (or when the model fails), the offline writer's
// rules: the sections of the offline writer's post on the same title and keyphrase whose headings the post lacks. How
// many: offline, enough to make a short post a full one (900 words and more) and to bring the share of subheadings
// naming the keyphrase within 30-75% and the keyphrase's density within 0.5-3%; with a model two for a short post, else one (its heading naming the keyphrase
// when no subheading does); none offline when the checks ask for none.
import { z } from "zod";
import type { Config } from "../env.ts";
import { Deadline } from "../ai/deadline.ts";
import { isAiConfigured } from "../ai/index.ts";
import { writeOfflinePost } from "../ai/offline/write-post.ts";
import { escapeHtml } from "../ai/post-document.ts";
import { createProvider, emptyUsage, type AiProvider } from "../ai/provider.ts";
import { splitPostParts } from "../ai/split-post-parts.ts";
import { voiceLines } from "../ai/write-post/voice-lines.ts";
import type { VoiceProfile } from "../contracts/voice.ts";
import { silentLogger, type Logger } from "../logger.ts";
import { analyseSentence } from "../seo/context.ts";
import { analyzeSeo } from "../seo/analyze-seo.ts";
import { htmlToText } from "../seo/document/html-to-text.ts";
import { compileKeyphrase, reflectsKeyphrase } from "../seo/text/keyphrase.ts";
import { proseKeyphrase } from "../ai/offline/keyphrase-grammar.ts";
import type { AddedSection } from "./build-refresh-proposal.ts";

export const refreshSectionsSchema = z.object({
  sections: z
    .array(z.object({ heading: z.string().min(1).max(120), paragraphs: z.array(z.string().min(1)).min(1).max(6) }))
    .min(1)
    .max(3),
});

export interface MissingSectionsInput {
  title: string;
  keyphrase: string;
  siteName: string;
  html: string;
  words: number;
  /** The post's checks that do not pass (failing, or warning as a short post or a poor share of subheadings do), by id. */
  failing: ReadonlySet<string>;
  voice?: VoiceProfile;
  now: Date;
}

export interface MissingSectionsDeps {
  openai?: Config["openai"];
  /** Given instead of openai in tests and by callers that hold one. */
  provider?: AiProvider;
  logger?: Logger;
  deadlineMs?: number;
}

/** A full post by the length check: at least 900 words; the offline sections bring a shorter post past it. */
const FULL_POST_WORDS = 950;
/** At most this many sections are added offline. */
const MAX_ADDED = 9;
/** The share of subheadings that should name the keyphrase (the subheadings check). */
const SHARE = { min: 0.3, max: 0.75 };

const headingTexts = (html: string) =>
  [...html.matchAll(/<h[23][^>]*>([\s\S]*?)<\/h[23]>/gi)].map((m) => htmlToText(m[1] ?? "").trim());

const headingsOf = (html: string) => new Set(headingTexts(html).map((text) => text.toLowerCase()));

const wordsOf = (html: string) => htmlToText(html).split(/\s+/).filter(Boolean).length;

interface Tally {
  words: number;
  headings: number;
  naming: number;
  /** Sentences holding the keyphrase (its density's count). */
  uses: number;
}

/** Keyphrase uses per 100 words the density check passes (0.5-3). */
const DENSITY = { min: 0.5, max: 3 };

function offlineSections(input: MissingSectionsInput): AddedSection[] {
  const keyphrase = compileKeyphrase(input.keyphrase);
  const names = (heading: string) => keyphrase !== null && reflectsKeyphrase(keyphrase, analyseSentence(heading).stems);
  const tally = (html: string): Tally => {
    const headings = headingTexts(html);
    const uses = analyzeSeo({ title: "", metaDescription: "", html, keyphrase: input.keyphrase }).keyphraseCount;
    return { words: wordsOf(html), headings: headings.length, naming: headings.filter(names).length, uses };
  };
  const add = (a: Tally, b: Tally): Tally => ({
    words: a.words + b.words,
    headings: a.headings + b.headings,
    naming: a.naming + b.naming,
    uses: a.uses + b.uses,
  });
  const lengthDone = (t: Tally) => !input.failing.has("text-length") || t.words >= FULL_POST_WORDS;
  const share = (t: Tally) => (t.headings === 0 ? (t.words <= 300 ? SHARE.min : 0) : t.naming / t.headings);
  const headingsDone = (t: Tally) =>
    !input.failing.has("keyphrase-in-subheadings") || (share(t) >= SHARE.min && share(t) <= SHARE.max);
  const densityDone = (t: Tally) => {
    if (!input.failing.has("keyphrase-density") || t.words === 0) return true;
    const density = (100 * t.uses) / t.words;
    return density >= DENSITY.min && density <= DENSITY.max;
  };
  const done = (t: Tally) => lengthDone(t) && headingsDone(t) && densityDone(t);
  let total: Tally = { ...tally(input.html), words: input.words };
  if (done(total)) return [];

  // The offline writer's post on the same title, about the keyphrase as a sentence reads it ("descaling a kettle"
  // for "how to descale a kettle", "washing linen sheets" for "wash linen sheets", "coffee grinders are" for a plural,
  // "the best coffee grinders"), its headings worded for that shape ("Mistakes to Avoid When Washing Linen Sheets",
  // "A Quick Checklist for Linen Aprons"), so that what it adds is grammatical.
  const prose = proseKeyphrase(input.keyphrase, input.title);
  const draft = writeOfflinePost(
    {
      title: input.title,
      keywords: [prose.text],
      focusKeyphrase: prose.text,
      companyName: input.siteName,
      seoInstructions: "",
      links: [],
      images: [],
      featured: [],
      showProductCards: false,
    },
    {
      now: () => input.now,
      voice: input.voice,
      keyphraseShape: { plural: prose.plural, activity: prose.activity, modifier: prose.modifier },
    },
  );
  const existing = headingsOf(input.html);
  const candidates = splitPostParts(draft.html)
    .filter((part) => part.kind === "section" && part.heading && !existing.has(part.heading.toLowerCase()))
    .map((part) => ({ heading: part.heading!, html: part.html, tally: tally(part.html) }));
  const picked: AddedSection[] = [];
  while (picked.length < MAX_ADDED && candidates.length > 0 && !done(total)) {
    // The section that brings the share of subheadings naming the keyphrase closest to its range, else the next one.
    const distance = (t: Tally) => {
      const s = share(t);
      return s < SHARE.min ? SHARE.min - s : s > SHARE.max ? s - SHARE.max : 0;
    };
    let best = 0;
    if (input.failing.has("keyphrase-in-subheadings")) {
      candidates.forEach((candidate, i) => {
        if (distance(add(total, candidate.tally)) < distance(add(total, candidates[best]!.tally))) best = i;
      });
    }
    const [chosen] = candidates.splice(best, 1);
    picked.push({ heading: chosen!.heading, html: chosen!.html });
    total = add(total, chosen!.tally);
  }
  // Too few subheadings name the keyphrase: the added sections' minor headings that do not (an H3 such as "Save Time
  // and Money") lead their paragraph in bold instead, the last sections first, until the share is within range.
  for (let i = picked.length - 1; i >= 0 && input.failing.has("keyphrase-in-subheadings"); i--) {
    while (total.headings > 0 && share(total) < SHARE.min) {
      const section = picked[i]!;
      const minor = [...section.html.matchAll(/<h3[^>]*>([\s\S]*?)<\/h3>\s*<p([^>]*)>/gi)].find(
        (m) => !names(htmlToText(m[1] ?? "")),
      );
      if (!minor) break;
      const lead = htmlToText(minor[1] ?? "").trim();
      const bold = `<p${minor[2] ?? ""}><strong>${escapeHtml(/[.?!:]$/.test(lead) ? lead : `${lead}.`)}</strong> `;
      section.html = section.html.replace(minor[0], bold);
      total = { ...total, headings: total.headings - 1 };
    }
  }
  return picked;
}

function refreshPrompt(input: MissingSectionsInput, headings: string[]): string {
  const text = htmlToText(input.html).slice(0, 6000);
  const thin = input.failing.has("text-length");
  return [
    `Post title: ${input.title}`,
    `Focus keyphrase: ${input.keyphrase}`,
    `Site: ${input.siteName}`,
    `Year: ${input.now.getUTCFullYear()}`,
    `Its headings (H2/H3): ${headings.join(" | ") || "none"}`,
    `Sections to write: ${thin ? 2 : 1}${input.failing.has("keyphrase-in-subheadings") ? "; the first heading names the keyphrase" : ""}`,
    `Length: about ${thin ? 180 : 150} words a section`,
    ...voiceLines(input.voice).map((line) => `Voice: ${line}`),
    "",
    "The post as it stands:",
    text,
  ].join("\n");
}

const SYSTEM = [
  "You refresh an existing blog post of the owner's site. Write the sections it lacks: what readers searching for its",
  "keyphrase want to know and the post does not cover yet. Do not repeat what it says; do not invent prices, dates,",
  "statistics or quotes. Plain text paragraphs, no HTML, no links. Each heading is short and specific.",
].join(" ");

async function modelSections(
  deps: MissingSectionsDeps & { provider: AiProvider },
  input: MissingSectionsInput,
): Promise<AddedSection[]> {
  const existing = [...headingsOf(input.html)];
  const deadline = new Deadline(deps.deadlineMs ?? 60_000);
  try {
    const answer = await deps.provider.generateObject(
      {
        name: "refresh_sections",
        schema: refreshSectionsSchema,
        system: SYSTEM,
        user: refreshPrompt(input, existing),
        maxTokens: 1_500,
        temperature: 0.6,
      },
      { signal: deadline.signal, deadline, usage: emptyUsage() },
    );
    const known = new Set(existing);
    return answer.sections
      .map((section) => ({ heading: section.heading.replace(/\s+/g, " ").trim(), paragraphs: section.paragraphs }))
      .filter((section) => section.heading && !known.has(section.heading.toLowerCase()))
      .map((section) => ({
        heading: section.heading,
        html: `<h2>${escapeHtml(section.heading)}</h2>\n${section.paragraphs.map((p) => `<p>${escapeHtml(p.trim())}</p>`).join("\n")}\n`,
      }));
  } finally {
    deadline.dispose();
  }
}

/** The sections to add and who wrote them ("offline" or "ai:<model>"). */
export async function writeMissingSections(
  deps: MissingSectionsDeps,
  input: MissingSectionsInput,
): Promise<{ sections: AddedSection[]; generator: string }> {
  const logger = deps.logger ?? silentLogger;
  const provider =
    deps.provider ??
    (deps.openai && isAiConfigured(deps.openai) ? createProvider({ openai: deps.openai, logger }) : undefined);
  if (provider) {
    try {
      const sections = await modelSections({ ...deps, provider }, input);
      if (sections.length > 0) return { sections, generator: `ai:${provider.model}` };
    } catch (error) {
      logger.warn({ err: error }, "the model could not write a refresh's sections; using the offline writer's");
    }
  }
  return { sections: offlineSections(input), generator: "offline" };
}
