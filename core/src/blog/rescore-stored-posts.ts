// Keeps stored scores current when the check set changes: a post stored before a check was added keeps the score and
// checks of the set it was analysed with, so the same post would show one score in a list and another where it is
// analysed again. Each stored analysis carries the check set's version (seoChecksVersion); this pass analyses every
// post with an older one again, with the same fields as every other analysis of a stored post, and stores the new
// score, checks and version.
//
// - Run in the background at every instance's start; it reads posts in id order, a batch at a time, and yields
//   between batches (the analyser takes about 1.5 ms a post, so 10,000 posts are about 15 s of one core, once).
// - An owner's edit always wins: a post is written only if it was not changed since it was read (its updatedAt), and
//   the pass leaves updatedAt as it is. Instances running it at once write the same result for a post.
// - A post analysed with the current set is never read again, so after the first pass it costs one empty query.
import type { Prisma } from "../db/index.ts";
import { SEO_CHECKS_VERSION } from "../seo/index.ts";
import { scoreStoredPost, type StoredSeoFields } from "./score-stored-post.ts";

interface StoredPost extends StoredSeoFields {
  id: number;
  updatedAt: Date;
}

const staleSql = `
SELECT "id", "title", "seoTitle", "slug", "metaDescription", "htmlContent", "focusKeyphrase", "keywords",
       "linkedSiteUrl", "updatedAt"
FROM "custom_blog_posts"
WHERE "id" > $1 AND "seoChecksVersion" < $2
ORDER BY "id"
LIMIT $3`;

// The write is guarded by the updatedAt read with the post (an edit since changes it), and leaves it as it is.
const writeSql = `
UPDATE "custom_blog_posts" AS b
SET "seoScore" = v.score, "seoChecks" = v.checks, "seoChecksVersion" = $2
FROM jsonb_to_recordset($1::jsonb) AS v(id integer, score integer, checks jsonb, "updatedAt" text)
WHERE b.id = v.id AND b."updatedAt" = (v."updatedAt"::timestamptz AT TIME ZONE 'UTC')`;

export async function rescoreStoredPosts(
  deps: { prisma: Prisma; siteUrl?: string },
  options: { batchSize?: number } = {},
): Promise<{ rescored: number }> {
  const batchSize = options.batchSize ?? 200;
  let after = 0;
  let rescored = 0;
  for (;;) {
    const posts = await deps.prisma.$queryRawUnsafe<StoredPost[]>(staleSql, after, SEO_CHECKS_VERSION, batchSize);
    if (!posts.length) break;
    const values = posts.map((post) => {
      const seo = scoreStoredPost(post, deps.siteUrl);
      return {
        id: post.id,
        score: seo.seoScore,
        checks: seo.seoChecks,
        updatedAt: new Date(post.updatedAt).toISOString(),
      };
    });
    rescored += await deps.prisma.$executeRawUnsafe(writeSql, JSON.stringify(values), SEO_CHECKS_VERSION);
    after = posts[posts.length - 1]!.id;
    if (posts.length < batchSize) break;
    // Lets the instance's requests run between batches.
    await new Promise((resolve) => setImmediate(resolve));
  }
  return { rescored };
}
