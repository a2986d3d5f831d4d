// The owner's "read my site again": queues a read of each connected site (a read in progress finishes first) and
// answers the index's state, which then shows the read as queued or under way.
import type { SiteIndexStatus } from "../contracts/site-index.ts";
import type { Prisma } from "../db/index.ts";
import { enqueueSiteIndex } from "../jobs/site-queues.ts";
import { getSiteIndexStatus } from "./get-site-index-status.ts";

export async function requestSiteIndexRefresh(
  deps: { prisma: Prisma; now?: () => Date },
  input: { userId: number },
): Promise<SiteIndexStatus[]> {
  const before = await getSiteIndexStatus(deps, input);
  for (const site of before) {
    await enqueueSiteIndex(deps, { userId: input.userId, platform: site.platform, connectionId: site.connectionId });
  }
  return getSiteIndexStatus(deps, input);
}
