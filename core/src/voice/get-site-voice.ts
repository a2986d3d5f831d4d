// One connected site's voice (or none yet) with the presets, whichever of the owner's sites it is: the plugin's view
// of its own site (GET /api/v1/voice), which may not be the owner's current WordPress site.
import type { PluginSiteVoiceResponse } from "../contracts/voice.ts";
import type { Prisma } from "../db/index.ts";
import { siteVoiceView } from "./site-voice-view.ts";
import { findOwnedConnection, parseStoredVoice, type VoicePlatform } from "./stored-voice.ts";
import { VOICE_PRESETS } from "./voice-presets.ts";

export async function getSiteVoice(
  deps: { prisma: Prisma },
  input: { userId: number; platform: VoicePlatform; connectionId: number },
): Promise<PluginSiteVoiceResponse> {
  const site = await findOwnedConnection(deps.prisma, input.userId, input.platform, input.connectionId);
  const row = await deps.prisma.siteVoice.findFirst({
    where: { userId: input.userId, platform: site.platform, connectionId: site.connection.id },
  });
  return {
    site: siteVoiceView(
      { platform: site.platform, connectionId: site.connection.id, siteName: site.siteName, siteUrl: site.siteUrl },
      row ? parseStoredVoice(row.profile) : null,
    ),
    presets: VOICE_PRESETS.map(({ id, name, summary }) => ({ id, name, summary })),
  };
}
