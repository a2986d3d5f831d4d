// The voice a new post is written in: its WordPress site's when the post belongs to one (the plugin asking, or the
// content plan's site), else that of the owner's site in use whose voice was set most recently. None: no voice.
import type { VoiceProfile } from "../contracts/voice.ts";
import type { Prisma } from "../db/index.ts";
import { currentSites, parseStoredVoice } from "./stored-voice.ts";

export async function findPostVoice(
  deps: { prisma: Prisma },
  input: { userId: number; wordpressConnectionId?: number | null },
): Promise<VoiceProfile | undefined> {
  const { prisma } = deps;
  if (input.wordpressConnectionId) {
    const row = await prisma.siteVoice.findFirst({
      where: { userId: input.userId, platform: "wordpress", connectionId: input.wordpressConnectionId },
    });
    return (row && parseStoredVoice(row.profile)) ?? undefined;
  }
  const sites = await currentSites(prisma, input.userId);
  if (sites.length === 0) return undefined;
  const row = await prisma.siteVoice.findFirst({
    where: { userId: input.userId, OR: sites.map((s) => ({ platform: s.platform, connectionId: s.connectionId })) },
    orderBy: { updatedAt: "desc" },
  });
  return (row && parseStoredVoice(row.profile)) ?? undefined;
}
