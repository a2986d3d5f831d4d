// After a refresh is published or restored, its post in Your posts shows the post as it now stands (score, failed
// checks, words, title, modified date and opportunity) at once, instead of after the site's next daily read, which
// analyses it again as usual.
import type { Prisma } from "../db/index.ts";
import { computeOpportunity } from "../site-posts/opportunity.ts";
import { siteUrlOf } from "./refresh-view.ts";
import { scorePostVersion } from "./score-post-version.ts";
import type { EditablePost } from "./types.ts";

export async function rescoreSitePost(
  prisma: Prisma,
  input: { userId: number; platform: string; connectionId: number; post: EditablePost; keyphrase: string; now: Date },
): Promise<void> {
  const where = {
    userId: input.userId,
    platform: input.platform,
    connectionId: input.connectionId,
    remoteId: input.post.remoteId,
  };
  const row = await prisma.sitePost.findFirst({ where });
  if (!row) return;
  const score = scorePostVersion(input.post, {
    keyphrase: input.keyphrase,
    slug: input.post.slug,
    siteUrl: siteUrlOf(input.post),
  });
  const failingChecks = score.checks
    .filter((check) => check.status === "fail")
    .map(({ id, label, message }) => ({ id, label, message }));
  const modifiedAt = input.post.modifiedAt ? new Date(input.post.modifiedAt) : input.now;
  await prisma.sitePost.updateMany({
    where: { id: row.id, userId: input.userId },
    data: {
      title: input.post.title.slice(0, 300),
      words: score.words,
      score: score.score,
      failingChecks,
      modifiedAt,
      opportunity: computeOpportunity(
        {
          score: score.score,
          failingChecks: failingChecks.length,
          linksIn: row.linksIn,
          publishedAt: row.publishedAt,
          modifiedAt,
          impressions: row.impressions,
          clicks: row.clicks,
          previousClicks: row.previousClicks,
        },
        input.now,
      ),
    },
  });
}
