// PUT /api/voice: the owner picks a preset or saves their edits (to a voice read from their posts, a preset, or
// nothing yet: a voice written by hand).
import type { SaveSiteVoiceRequest, SiteVoice } from "../contracts/voice.ts";
import type { Prisma } from "../db/index.ts";
import { editVoiceProfile } from "./edit-voice-profile.ts";
import { siteVoiceView } from "./site-voice-view.ts";
import { findOwnedConnection, parseStoredVoice, storeVoice } from "./stored-voice.ts";
import { profileFromSettings, voicePreset } from "./voice-presets.ts";

export async function saveSiteVoice(
  deps: { prisma: Prisma },
  input: SaveSiteVoiceRequest & { userId: number },
): Promise<SiteVoice> {
  const site = await findOwnedConnection(deps.prisma, input.userId, input.platform, input.connectionId);
  const key = { userId: input.userId, platform: site.platform, connectionId: site.connection.id };
  let voice;
  if (input.preset) voice = voicePreset(input.preset);
  else {
    const row = await deps.prisma.siteVoice.findFirst({ where: key });
    const current = row ? parseStoredVoice(row.profile) : null;
    voice = current ? editVoiceProfile(current, input.voice!) : profileFromSettings(input.voice!, "edited");
  }
  await storeVoice(deps.prisma, key, voice);
  return siteVoiceView(
    { platform: site.platform, connectionId: site.connection.id, siteName: site.siteName, siteUrl: site.siteUrl },
    voice,
  );
}
