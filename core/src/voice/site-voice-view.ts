import type { SiteVoice, VoiceProfile } from "../contracts/voice.ts";
import { describeVoice } from "./describe-voice.ts";
import { voiceExample } from "./voice-example.ts";

/** A site's voice with its plain-words description and example, as every surface shows it. */
export function siteVoiceView(
  site: { platform: SiteVoice["platform"]; connectionId: number; siteName: string; siteUrl: string },
  voice: VoiceProfile | null,
): SiteVoice {
  return {
    ...site,
    voice,
    description: voice ? describeVoice(voice) : [],
    example: voice ? voiceExample(voice) : null,
  };
}
