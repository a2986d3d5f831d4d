// The words every surface's "Brand voice" editor offers for the settings chosen from a list, in one place.
import type { VoiceSettings } from "./voice.ts";

type Choices<K extends keyof VoiceSettings> = ReadonlyArray<readonly [VoiceSettings[K], string]>;

export const voiceChoiceLabels: {
  person: Choices<"person">;
  formality: Choices<"formality">;
  spelling: Choices<"spelling">;
  closing: Choices<"closing">;
} = {
  person: [
    ["I", "I (one person)"],
    ["we", "We (the business)"],
    ["you", "To you (the reader)"],
  ],
  formality: [
    ["formal", "Formal"],
    ["neutral", "Plain and friendly"],
    ["casual", "Casual"],
  ],
  spelling: [
    ["US", "American (color, organize)"],
    ["UK", "British (colour, organise)"],
  ],
  closing: [
    ["call-to-action", "A call to action"],
    ["question", "A question to the reader"],
    ["summary", "A summary"],
    ["sign-off", "A personal sign-off"],
  ],
};

/** What each list is called in the editor. */
export const voiceChoiceNames = {
  person: "Speaks as",
  formality: "Tone",
  spelling: "Spelling",
  closing: "Ends a post with",
} as const;
