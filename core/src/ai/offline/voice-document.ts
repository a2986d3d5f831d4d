// The offline writer's draft rewritten into the owner's voice by rules: person, contractions by formality, US or UK
// spelling and sentence length in every paragraph; lists turned into prose and H3 subheadings dropped for a voice that
// uses few of them; and the close the owner uses (a question, a summary, their own sign-off, or a call to action).
import type { VoiceSettings } from "../../contracts/voice.ts";
import { applyVoice } from "../../voice/apply-voice.ts";
import type { PostDocument, PostPart } from "../post-document.ts";

/** Items of a list as one sentence ("a, b and c") or, for questions, as questions in a row. */
function listAsProse(items: string[]): string {
  const clean = items.map((item) => item.trim()).filter(Boolean);
  if (clean.every((item) => /\?$/.test(item))) return clean.join(" ");
  const lowered = clean.map((item) =>
    /^[A-Z][a-z]/.test(item) && !/^I\b/.test(item) ? item.charAt(0).toLowerCase() + item.slice(1) : item,
  );
  const stripped = lowered.map((item) => item.replace(/[.;:!]+$/, ""));
  const joined =
    stripped.length > 1 ? `${stripped.slice(0, -1).join("; ")}; and ${stripped[stripped.length - 1]}` : stripped[0];
  return `A few points matter here: ${joined}.`;
}

function closingParagraphs(paragraphs: string[], voice: VoiceSettings): string[] {
  const [summary, ...rest] = paragraphs;
  if (summary === undefined) return paragraphs;
  switch (voice.closing) {
    case "question":
      return [summary, "What will you try first? Tell us in the comments."];
    case "summary":
      return [summary];
    case "sign-off":
      return [summary, ...rest];
    default:
      return paragraphs;
  }
}

export function voiceDocument(doc: PostDocument, voice: VoiceSettings, names: readonly string[]): PostDocument {
  const paragraph = (html: string) => applyVoice(html, voice, { names });
  const line = (text: string) => applyVoice(text, voice, { names, keepSentences: true });
  const fewLists = voice.listsPer1000Words < 1;
  const fewHeadings = voice.headingsPer1000Words < 3;
  const part = (p: PostPart, keepSubheading: boolean): PostPart => {
    const paragraphs = p.paragraphs.map(paragraph);
    if (fewLists && p.bullets.length > 0) {
      paragraphs.push(paragraph(listAsProse(p.bullets)));
      return { subheading: keepSubheading && p.subheading ? line(p.subheading) : null, paragraphs, bullets: [] };
    }
    return {
      subheading: keepSubheading && p.subheading ? line(p.subheading) : null,
      paragraphs,
      bullets: p.bullets.map(line),
    };
  };
  const conclusion = closingParagraphs(doc.conclusion.paragraphs, voice).map(paragraph);
  // The owner's own sign-off keeps their words, on its own line.
  const signOff =
    voice.closing === "sign-off"
      ? voice.closingExample && voice.closingExample.split(/\s+/).length <= 8
        ? voice.closingExample
        : "Until next time."
      : null;
  return {
    intro: doc.intro.map(paragraph),
    sections: doc.sections.map((section) => ({
      heading: line(section.heading),
      // Questions stay as the FAQ's subheadings whatever the voice: they are what the answers answer.
      parts: section.parts.map((p) => part(p, !fewHeadings || /question/i.test(section.heading))),
    })),
    conclusion: {
      heading: line(doc.conclusion.heading),
      paragraphs: signOff ? [...conclusion, escape(signOff)] : conclusion,
    },
  };
}

const escape = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
