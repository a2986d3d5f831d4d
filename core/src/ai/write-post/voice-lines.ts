// The owner's voice as the model is told it, in every prompt's brief: it takes precedence over the general style of
// the system prompt (a formal firm's long sentences are its voice, not a fault).
import type { VoiceSettings } from "../../contracts/voice.ts";

const personRule: Record<VoiceSettings["person"], string> = {
  I: 'write in the first person singular ("I", "my"), as the owner speaking for themselves; address the reader as "you" where natural',
  we: 'write as "we" ("we", "our") for the business; address the reader as "you" only where the business speaks to its customer',
  you: 'speak to the reader as "you"; mention "we" (the business) rarely',
};

const formalityRule: Record<VoiceSettings["formality"], string> = {
  formal: "formal and measured; no contractions (write do not, it is), no exclamation marks, no slang",
  neutral: "plain and friendly; contractions only now and then",
  casual: "casual and conversational; use contractions (don't, it's, you'll), everyday words, the odd exclamation",
};

const closingRule: Record<VoiceSettings["closing"], string> = {
  question: "end the post with a question to the reader",
  "call-to-action": "end the post with a call to action",
  summary: "end the post by summing up, without a sales pitch",
  "sign-off": "end the post with a short personal sign-off on its own line",
};

const perThousand = (n: number) => (n < 0.5 ? "none" : `about ${Math.round(n)} per 1,000 words`);

export function voiceLines(voice: VoiceSettings | undefined): string[] {
  if (!voice) return [];
  const low = Math.max(3, Math.round(voice.sentenceWords.mean - voice.sentenceWords.spread));
  const high = Math.round(voice.sentenceWords.mean + voice.sentenceWords.spread);
  return [
    "The owner's voice (follow it in every sentence; it overrides the general style guidance above where they differ):",
    `- Person: ${personRule[voice.person]}.`,
    `- Tone: ${formalityRule[voice.formality]}.`,
    `- Sentences: about ${Math.round(voice.sentenceWords.mean)} words on average (most between ${low} and ${high}).`,
    `- Paragraphs: about ${Math.max(1, Math.round(voice.paragraphSentences.mean))} sentences each.`,
    `- Headings: ${perThousand(voice.headingsPer1000Words)}; bullet lists: ${perThousand(voice.listsPer1000Words)}.`,
    `- Spelling: ${voice.spelling === "UK" ? "British English (colour, organise, programme, whilst)" : "American English (color, organize, program)"}.`,
    ...(voice.wordsUsed.length
      ? [`- Words the owner often uses (use some where they fit): ${voice.wordsUsed.join(", ")}.`]
      : []),
    ...(voice.wordsAvoided.length
      ? [`- Words the owner never uses (do not use them): ${voice.wordsAvoided.join(", ")}.`]
      : []),
    `- Closing: ${closingRule[voice.closing]}${voice.closingExample ? `, as the owner does: "${voice.closingExample}"` : ""}.`,
  ];
}
