// Queues the analysis of every connected site whose index has been read but whose posts have no job yet (indexed
// before "Your posts" existed, or by a path that did not queue them): the repair the analysers run now and then, so
// such a site's posts are analysed within minutes instead of at its index's next daily read.
import type { Prisma } from "../db/index.ts";

const sql = (table: string, platform: string) => `
INSERT INTO "site_posts_jobs" ("userId", "platform", "connectionId", "state", "nextAttemptAt", "updatedAt")
SELECT c."userId", '${platform}', c.id, 'queued', (now() AT TIME ZONE 'UTC'), (now() AT TIME ZONE 'UTC')
FROM "${table}" c
JOIN "site_index_jobs" i ON i."platform" = '${platform}' AND i."connectionId" = c.id AND i."userId" = c."userId"
WHERE c."isActive" AND i."indexedAt" IS NOT NULL AND NOT EXISTS (
  SELECT 1 FROM "site_posts_jobs" j WHERE j."platform" = '${platform}' AND j."connectionId" = c.id
)
ON CONFLICT ("platform", "connectionId") DO NOTHING`;

/** Returns how many sites were queued. */
export async function queueUnanalysedSites(deps: { prisma: Prisma }): Promise<number> {
  const shopify = await deps.prisma.$executeRawUnsafe(sql("custom_shopify_connections", "shopify"));
  const wordpress = await deps.prisma.$executeRawUnsafe(sql("custom_wordpress_connections", "wordpress"));
  return shopify + wordpress;
}
