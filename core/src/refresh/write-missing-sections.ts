// What a refreshed post adds: sections it lacks. With a model configured (OpenAI-compatible), one call asks for one
// or two sections on what readers search for and the post does not cover, in the owner's voice, told the post's
// headings and text; the answer is escaped into HTML. Without one (or when the model fails), the offline writer's
// rules: the sections of the offline writer's post on the same title and keyphrase whose headings the post lacks. How
// many: enough to pass the length check when the post is thin, one with the keyphrase in its heading when no
// subheading names it, and with a model one more on what the post lacks; none offline when the checks ask for none.
import { z } from "zod";
import type { Config } from "../env.ts";
import { containsKeyphrase } from "../ai/brief.ts";
import { Deadline } from "../ai/deadline.ts";
import { isAiConfigured } from "../ai/index.ts";
import { writeOfflinePost } from "../ai/offline/write-post.ts";
import { escapeHtml } from "../ai/post-document.ts";
import { createProvider, emptyUsage, type AiProvider } from "../ai/provider.ts";
import { splitPostParts } from "../ai/split-post-parts.ts";
import { voiceLines } from "../ai/write-post/voice-lines.ts";
import type { VoiceProfile } from "../contracts/voice.ts";
import { silentLogger, type Logger } from "../logger.ts";
import { htmlToText } from "../seo/document/html-to-text.ts";
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
  /** The post's failing checks, by id. */
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

/** The words a thin post needs to pass the length check (300), with a margin. */
const THIN_TARGET_WORDS = 400;

const headingsOf = (html: string) =>
  new Set(
    [...html.matchAll(/<h[23][^>]*>([\s\S]*?)<\/h[23]>/gi)].map((m) =>
      htmlToText(m[1] ?? "")
        .toLowerCase()
        .trim(),
    ),
  );

function offlineSections(input: MissingSectionsInput): AddedSection[] {
  const thin = input.failing.has("text-length");
  const needsHeading = input.failing.has("keyphrase-in-subheadings");
  if (!thin && !needsHeading) return [];
  const draft = writeOfflinePost(
    {
      title: input.title,
      keywords: [input.keyphrase],
      focusKeyphrase: input.keyphrase,
      companyName: input.siteName,
      seoInstructions: "",
      links: [],
      images: [],
      featured: [],
      showProductCards: false,
    },
    { now: () => input.now, voice: input.voice },
  );
  const existing = headingsOf(input.html);
  const candidates = splitPostParts(draft.html)
    .filter((part) => part.kind === "section" && part.heading && !existing.has(part.heading.toLowerCase()))
    .map((part) => ({ heading: part.heading!, html: part.html }));
  // The keyphrase's sections first when no subheading names it.
  if (needsHeading)
    candidates.sort(
      (a, b) =>
        Number(containsKeyphrase(b.heading, input.keyphrase)) - Number(containsKeyphrase(a.heading, input.keyphrase)),
    );
  const picked: AddedSection[] = [];
  let words = input.words;
  for (const candidate of candidates) {
    const enough = thin ? words >= THIN_TARGET_WORDS : picked.length >= 1;
    if (enough || picked.length >= 3) break;
    picked.push(candidate);
    words += htmlToText(candidate.html).split(/\s+/).filter(Boolean).length;
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
