// How a post ends: with a question to the reader, a call to action, a sign-off, or a summary.
import type { VoiceProfile } from "../contracts/voice.ts";
import { splitSentences } from "../seo/text/sentences.ts";
import { readText, wordsOf } from "./read-text.ts";

export type Closing = VoiceProfile["closing"];

const signOff =
  /^(?:cheers|thanks|thank you|best|until next time|speak soon|talk soon|see you|happy \w+ing|warmly|love|take care|yours|kind regards|regards|ciao|onwards|—|-)\b/i;
const action =
  /\b(?:contact|get in touch|call us|call me|book|sign up|subscribe|join|visit|browse|shop|order|download|try|email us|email me|drop (?:us|me)|reach out|request|arrange|speak to|talk to|find out more|get started|register|enquire|inquire|come (?:and|to) (?:see|visit)|drop by|pop in)\b/i;

/** The closing style of one post, and the line that shows it. */
export function readClosing(source: string): { closing: Closing; line: string } | null {
  const paragraphs = readText(source).blocks.filter((b) => b.kind === "paragraph");
  const last = paragraphs[paragraphs.length - 1];
  if (!last) return null;
  const sentences = splitSentences(last.text);
  const final = sentences[sentences.length - 1] ?? last.text;
  // "Thanks for reading, Mara", "Until next time", or a name on its own.
  const short = wordsOf(last.text).length;
  if ((short <= 8 && signOff.test(last.text)) || (short <= 3 && !/[.!?]["'”’)]*$/.test(last.text)))
    return { closing: "sign-off", line: last.text };
  if (/\?["'”’)]*$/.test(final)) return { closing: "question", line: final };
  if (sentences.slice(-2).some((s) => action.test(s))) return { closing: "call-to-action", line: final };
  return { closing: "summary", line: final };
}
