// POST /api/voice/derive: reads the site's most recent published posts (up to 20) through its connection and stores
// the voice they share. A site without posts gets a 409 that points the owner to the presets.
import type { DeriveSiteVoiceRequest, SiteVoice } from "../contracts/voice.ts";
import { AppError } from "../errors/index.ts";
import type { SiteIndexDeps } from "../site-index/site-connection.ts";
import { deriveVoiceProfile } from "./derive-voice-profile.ts";
import { readSitePosts } from "./read-site-posts.ts";
import { siteVoiceView } from "./site-voice-view.ts";
import { findOwnedConnection, storeVoice } from "./stored-voice.ts";

export async function deriveSiteVoice(
  deps: SiteIndexDeps,
  input: DeriveSiteVoiceRequest & { userId: number },
): Promise<SiteVoice> {
  const site = await findOwnedConnection(deps.prisma, input.userId, input.platform, input.connectionId);
  const posts = await readSitePosts(deps, site);
  if (posts.length === 0) {
    throw new AppError(
      "CONFLICT",
      `${site.siteName} has no published posts to read your voice from yet. Pick a preset, or describe your voice yourself.`,
    );
  }
  const voice = deriveVoiceProfile(posts);
  await storeVoice(
    deps.prisma,
    { userId: input.userId, platform: site.platform, connectionId: site.connection.id },
    voice,
  );
  deps.logger?.info(
    { userId: input.userId, platform: site.platform, connectionId: site.connection.id, posts: posts.length },
    "site voice read from its posts",
  );
  return siteVoiceView(
    { platform: site.platform, connectionId: site.connection.id, siteName: site.siteName, siteUrl: site.siteUrl },
    voice,
  );
}
