// How close a post, as it stands now, is to the voice of the site it is written for: measured again each time the
// post is read or saved (an owner's edits move it), so every surface shows the same figure beside the SEO checks. None
// when the site has no voice yet.
import type { VoiceMatch } from "../contracts/voice.ts";
import type { Prisma } from "../db/index.ts";
import { findPostVoice } from "./find-post-voice.ts";
import { voiceDistance } from "./voice-distance.ts";

export async function measurePostVoice(
  deps: { prisma: Prisma },
  post: { userId: number; wordpressConnectionId: number | null; htmlContent: string },
): Promise<VoiceMatch | null> {
  const voice = await findPostVoice(deps, { userId: post.userId, wordpressConnectionId: post.wordpressConnectionId });
  return voice && post.htmlContent.trim() ? voiceDistance(post.htmlContent, voice) : null;
}
