// The owner's edits to a voice: the settings change, and the parts of the fingerprint that follow from a changed
// setting (person, spelling, sentence length) follow it; the function words counted in their posts stay.
import type { VoiceProfile, VoiceSettings } from "../contracts/voice.ts";
import { sentenceBandsFor } from "./measure-text.ts";
import { personSharesFor } from "./voice-presets.ts";

export function editVoiceProfile(profile: VoiceProfile, settings: VoiceSettings): VoiceProfile {
  const fingerprint = { ...profile.fingerprint };
  if (settings.person !== profile.person) fingerprint.person = personSharesFor(settings.person);
  if (settings.spelling !== profile.spelling) fingerprint.ukShare = settings.spelling === "UK" ? 1 : 0;
  if (
    settings.sentenceWords.mean !== profile.sentenceWords.mean ||
    settings.sentenceWords.spread !== profile.sentenceWords.spread
  )
    fingerprint.sentenceBands = sentenceBandsFor(settings.sentenceWords.mean, settings.sentenceWords.spread);
  return { ...profile, ...settings, source: "edited", fingerprint };
}
