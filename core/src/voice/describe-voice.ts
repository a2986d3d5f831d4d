// A voice in plain words, one line per trait, the same on every surface ("Brand voice").
import type { VoiceSettings } from "../contracts/voice.ts";

const personWords: Record<VoiceSettings["person"], string> = {
  I: "Speaks as “I”: one person, in the first person.",
  we: "Speaks as “we”, for the business.",
  you: "Talks to the reader as “you”.",
};

const formalityWords: Record<VoiceSettings["formality"], string> = {
  formal: "Formal: full words, no contractions, measured tone.",
  neutral: "Plain and friendly: neither stiff nor chatty.",
  casual: "Casual: contractions, everyday words, a conversational tone.",
};

const closingWords: Record<VoiceSettings["closing"], string> = {
  question: "Ends a post with a question to the reader.",
  "call-to-action": "Ends a post with a call to action.",
  summary: "Ends a post by summing up.",
  "sign-off": "Ends a post with a personal sign-off.",
};

const perThousand = (n: number, what: string) =>
  n < 0.5 ? `no ${what}s` : `about ${Math.round(n)} ${what}${Math.round(n) === 1 ? "" : "s"} per 1,000 words`;

const quote = (words: readonly string[]) => words.map((w) => `“${w}”`).join(", ");

export function describeVoice(voice: VoiceSettings): string[] {
  const low = Math.max(1, Math.round(voice.sentenceWords.mean - voice.sentenceWords.spread));
  const high = Math.round(voice.sentenceWords.mean + voice.sentenceWords.spread);
  const paragraph = Math.max(1, Math.round(voice.paragraphSentences.mean));
  return [
    personWords[voice.person],
    formalityWords[voice.formality],
    `Sentences of about ${Math.round(voice.sentenceWords.mean)} words (most between ${low} and ${high}); paragraphs of about ${paragraph} sentence${paragraph === 1 ? "" : "s"}.`,
    `Uses ${perThousand(voice.headingsPer1000Words, "heading")} and ${perThousand(voice.listsPer1000Words, "list")}.`,
    voice.spelling === "UK" ? "British spelling (colour, organise)." : "American spelling (color, organize).",
    ...(voice.wordsUsed.length ? [`Often uses ${quote(voice.wordsUsed)}.`] : []),
    ...(voice.wordsAvoided.length ? [`Never uses ${quote(voice.wordsAvoided)}.`] : []),
    closingWords[voice.closing] + (voice.closingExample ? ` For example: “${voice.closingExample}”` : ""),
  ];
}
