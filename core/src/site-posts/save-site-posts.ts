// Stores one site's analysed posts in place of the ones it had (in one transaction, after `guard`, which throws when
// the caller may no longer write them): the analysis is rewritten, the Search Console figures the caller read first
// were carried into it.
import type { Prisma, PrismaNamespace } from "../db/index.ts";
import type { AnalysedSitePost } from "./types.ts";

const CHUNK = 500;

export async function saveSitePosts(
  prisma: Prisma,
  input: {
    userId: number;
    platform: "shopify" | "wordpress";
    connectionId: number;
    posts: readonly AnalysedSitePost[];
    now: Date;
    guard?: () => PrismaNamespace.PrismaPromise<unknown>;
  },
): Promise<number> {
  const key = { userId: input.userId, platform: input.platform, connectionId: input.connectionId };
  const seen = new Set<string>();
  const rows = input.posts
    .filter((post) => !seen.has(post.remoteId) && seen.add(post.remoteId))
    .map((post) => ({
      ...key,
      remoteId: post.remoteId,
      url: post.url.slice(0, 2000),
      title: post.title.slice(0, 300),
      publishedAt: post.publishedAt,
      modifiedAt: post.modifiedAt,
      words: post.words,
      score: post.score,
      failingChecks: post.failingChecks.map(({ id, label, message }) => ({ id, label, message })),
      keyphrase: post.keyphrase.slice(0, 200),
      keyphraseSource: post.keyphraseSource,
      linksOut: post.linksOut,
      linksIn: post.linksIn,
      clicks: post.clicks,
      impressions: post.impressions,
      position: post.position,
      previousClicks: post.previousClicks,
      previousImpressions: post.previousImpressions,
      previousPosition: post.previousPosition,
      opportunity: post.opportunity,
      analysedAt: input.now,
    }));
  const writes: PrismaNamespace.PrismaPromise<unknown>[] = [];
  if (input.guard) writes.push(input.guard());
  writes.push(prisma.sitePost.deleteMany({ where: key }));
  for (let i = 0; i < rows.length; i += CHUNK)
    writes.push(prisma.sitePost.createMany({ data: rows.slice(i, i + CHUNK) }));
  await prisma.$transaction(writes);
  return rows.length;
}
