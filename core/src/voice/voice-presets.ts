// Voices an owner without posts can start from (and edit). Their fingerprints are built from their settings (no
// function-word figures: a preset has no texts to count them in).
import type { VoicePresetId, VoiceProfile, VoiceSettings } from "../contracts/voice.ts";
import { sentenceBandsFor } from "./measure-text.ts";

export interface VoicePreset {
  id: VoicePresetId;
  name: string;
  /** One line for the chooser. */
  summary: string;
  settings: VoiceSettings;
}

export const VOICE_PRESETS: readonly VoicePreset[] = [
  {
    id: "friendly-expert",
    name: "Friendly expert",
    summary: "Talks to the reader as “you”, plainly and warmly, with clear steps and a next step at the end.",
    settings: {
      person: "you",
      formality: "neutral",
      sentenceWords: { mean: 14, spread: 6 },
      paragraphSentences: { mean: 3, spread: 1 },
      headingsPer1000Words: 6,
      listsPer1000Words: 2,
      spelling: "US",
      wordsUsed: [],
      wordsAvoided: ["delve", "unlock", "elevate", "leverage", "seamless", "game-changer"],
      closing: "call-to-action",
      closingExample: null,
    },
  },
  {
    id: "formal-business",
    name: "Formal business",
    summary:
      "Speaks as “we” for a firm, in full sentences without contractions, British spelling, closing on a summary.",
    settings: {
      person: "we",
      formality: "formal",
      sentenceWords: { mean: 22, spread: 7 },
      paragraphSentences: { mean: 4, spread: 1 },
      headingsPer1000Words: 4,
      listsPer1000Words: 1,
      spelling: "UK",
      wordsUsed: [],
      wordsAvoided: ["awesome", "amazing", "stuff", "literally", "super", "game-changer"],
      closing: "summary",
      closingExample: null,
    },
  },
  {
    id: "casual-short",
    name: "Casual and short",
    summary:
      "Short, punchy sentences to “you”, contractions welcome, lists for anything with steps, ends on a question.",
    settings: {
      person: "you",
      formality: "casual",
      sentenceWords: { mean: 9, spread: 4 },
      paragraphSentences: { mean: 2, spread: 1 },
      headingsPer1000Words: 8,
      listsPer1000Words: 4,
      spelling: "US",
      wordsUsed: [],
      wordsAvoided: ["furthermore", "moreover", "hence", "whilst", "utilize", "leverage"],
      closing: "question",
      closingExample: null,
    },
  },
  {
    id: "founder",
    name: "Founder's notes",
    summary: "First person “I”, honest and personal, stories over lists, signed off like a letter.",
    settings: {
      person: "I",
      formality: "neutral",
      sentenceWords: { mean: 15, spread: 8 },
      paragraphSentences: { mean: 3, spread: 1.5 },
      headingsPer1000Words: 2,
      listsPer1000Words: 0,
      spelling: "US",
      wordsUsed: [],
      wordsAvoided: ["delve", "unlock", "synergy", "leverage", "robust", "cutting-edge"],
      closing: "sign-off",
      closingExample: null,
    },
  },
];

/** Typical shares of the three persons for a voice that speaks as `person` (posts still address "you"). */
export function personSharesFor(person: VoiceSettings["person"]): { I: number; we: number; you: number } {
  if (person === "I") return { I: 0.6, we: 0.05, you: 0.35 };
  if (person === "we") return { I: 0.02, we: 0.6, you: 0.38 };
  return { I: 0.03, we: 0.12, you: 0.85 };
}

/** A profile from settings alone (a preset, or a voice written by hand). */
export function profileFromSettings(
  settings: VoiceSettings,
  source: VoiceProfile["source"],
  presetId: VoicePresetId | null = null,
): VoiceProfile {
  return {
    ...settings,
    source,
    presetId,
    postsRead: 0,
    fingerprint: {
      functionWords: null,
      sentenceBands: sentenceBandsFor(settings.sentenceWords.mean, settings.sentenceWords.spread),
      person: personSharesFor(settings.person),
      ukShare: settings.spelling === "UK" ? 1 : 0,
    },
  };
}

export function voicePreset(id: VoicePresetId): VoiceProfile {
  const preset = VOICE_PRESETS.find((p) => p.id === id);
  if (!preset) throw new Error(`no voice preset ${id}`);
  return profileFromSettings(preset.settings, "preset", id);
}
