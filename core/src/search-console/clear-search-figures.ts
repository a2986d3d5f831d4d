// Forgets a site's Search Console figures: the pages and queries read, and the figures joined into its posts (whose
// opportunity is computed again without them), as when Search Console is disconnected or another property is chosen.
import type { Prisma } from "../db/index.ts";
import type { SiteJobKey } from "../jobs/site-job.ts";
import { storedPostOpportunity } from "../site-posts/opportunity.ts";

export async function clearSearchFigures(prisma: Prisma, key: SiteJobKey, now: Date): Promise<void> {
  await prisma.searchConsolePage.deleteMany({ where: key });
  await prisma.searchConsoleQuery.deleteMany({ where: key });
  const posts = await prisma.sitePost.findMany({
    where: { ...key, OR: [{ clicks: { not: null } }, { impressions: { not: null } }] },
  });
  for (const post of posts) {
    const opportunity = storedPostOpportunity(post, { clicks: null, impressions: null, previousClicks: null }, now);
    await prisma.sitePost.updateMany({
      where: { id: post.id, userId: key.userId },
      data: {
        clicks: null,
        impressions: null,
        position: null,
        previousClicks: null,
        previousImpressions: null,
        previousPosition: null,
        opportunity,
      },
    });
  }
}
