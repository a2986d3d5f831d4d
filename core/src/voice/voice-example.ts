// An example paragraph in the voice, so that the owner can hear it: the same short passage rewritten by the rules
// the offline writer follows (person, formality, spelling, sentence length, closing).
import type { VoiceSettings } from "../contracts/voice.ts";
import { applyVoice } from "./apply-voice.ts";

const passage = [
  "Every week, we hear the same question from customers: where do you start?",
  "The honest answer is that you start small.",
  "Pick the one task that takes too much of your time, and organize it properly.",
  "Then, measure what changes over a month.",
  "It is often the small, boring fixes that make the biggest difference, so do not skip them.",
];

function closingLine(voice: VoiceSettings): string {
  switch (voice.closing) {
    case "question":
      return "What is the one task you would fix first?";
    case "call-to-action":
      return "If you would like a hand with it, get in touch with us today.";
    case "sign-off":
      return voice.closingExample && voice.closingExample.split(/\s+/).length <= 8
        ? voice.closingExample
        : "Until next time.";
    default:
      return "In short, start small, measure the change and build on what works.";
  }
}

export function voiceExample(voice: VoiceSettings): string {
  const text = [...passage, closingLine(voice)].join(" ");
  return applyVoice(text, voice).replace(/<[^>]*>/g, "");
}
