// GET /api/voice: each connected site with its voice (or none yet), in plain words with an example, and the presets.
import type { SiteVoicesResponse } from "../contracts/voice.ts";
import type { Prisma } from "../db/index.ts";
import { siteVoiceView } from "./site-voice-view.ts";
import { currentSites, parseStoredVoice } from "./stored-voice.ts";
import { VOICE_PRESETS } from "./voice-presets.ts";

export async function listSiteVoices(deps: { prisma: Prisma }, input: { userId: number }): Promise<SiteVoicesResponse> {
  const sites = await currentSites(deps.prisma, input.userId);
  const rows = sites.length
    ? await deps.prisma.siteVoice.findMany({
        where: { userId: input.userId, OR: sites.map((s) => ({ platform: s.platform, connectionId: s.connectionId })) },
      })
    : [];
  return {
    sites: sites.map((site) => {
      const row = rows.find((r) => r.platform === site.platform && r.connectionId === site.connectionId);
      return siteVoiceView(site, row ? parseStoredVoice(row.profile) : null);
    }),
    presets: VOICE_PRESETS.map(({ id, name, summary }) => ({ id, name, summary })),
  };
}
