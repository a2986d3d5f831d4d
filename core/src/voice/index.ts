// The owner's voice: read from their own posts (or chosen from presets, or written by hand), shown in plain words
// with an example, followed by both writers, and measured on each post they write.
export { deriveVoiceProfile, VOICE_POST_LIMIT, type VoicePost } from "./derive-voice-profile.ts";
export { describeVoice } from "./describe-voice.ts";
export { voiceExample } from "./voice-example.ts";
export { editVoiceProfile } from "./edit-voice-profile.ts";
export { profileFromSettings, voicePreset, VOICE_PRESETS, type VoicePreset } from "./voice-presets.ts";
export { voiceDistance, VOICE_DISTANCE_WEIGHTS } from "./voice-distance.ts";
export { applyVoice, fitSentenceLength } from "./apply-voice.ts";
export { respell } from "./spelling.ts";
export type { VoiceMatch, VoiceProfile, VoiceSettings } from "../contracts/voice.ts";
export { readSitePosts } from "./read-site-posts.ts";
export { listSiteVoices } from "./list-site-voices.ts";
export { getSiteVoice } from "./get-site-voice.ts";
export { deriveSiteVoice } from "./derive-site-voice.ts";
export { saveSiteVoice } from "./save-site-voice.ts";
export { findPostVoice } from "./find-post-voice.ts";
export { measurePostVoice } from "./measure-post-voice.ts";
export { siteVoiceView } from "./site-voice-view.ts";
