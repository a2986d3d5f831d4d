// Analyses one claimed site's posts (a site job, core/src/jobs/site-job.ts): reads every published post (renewing the
// lease and writing how many were read after each page; a reader whose lease was taken over stops at once), analyses
// them against the site's indexed pages (analyze-site-posts.ts), and stores them in place of the ones the site had,
// only while the job is still this reader's (its row is locked first, so a disconnection, which deletes the job, waits
// or is waited for). Search Console figures already stored are kept. A failure is recorded with its reason and
// retried with a growing delay; the analysis the site had is kept.
import { runSiteJob, type SiteJobOutcome } from "../jobs/site-job.ts";
import { findSiteConnection, type SiteIndexDeps } from "../site-index/site-connection.ts";
import { analyzeSitePosts } from "./analyze-site-posts.ts";
import { readConnectionPosts } from "./read-connection-posts.ts";
import { saveSitePosts } from "./save-site-posts.ts";
import { SITE_POSTS_JOB } from "./site-posts-jobs.ts";
import type { SearchFigures } from "./types.ts";

export type SitePostsOutcome = SiteJobOutcome;

export function runSitePostsJob(
  deps: SiteIndexDeps,
  input: { jobId: number; owner: string; leaseMs?: number },
): Promise<SitePostsOutcome> {
  const { prisma } = deps;
  return runSiteJob(deps, SITE_POSTS_JOB, input, {
    load: (id) => prisma.sitePostsJob.findUnique({ where: { id } }),
    find: (key) => findSiteConnection(prisma, key),
    unexpected: "The posts could not be analysed because of an error on our side. They are analysed again shortly.",
    logMessage: "a site's posts could not be analysed",
    async work({ site, key, now, renew, hold }) {
      const { siteUrl, posts } = await readConnectionPosts(deps, site, (read) => renew({ postsRead: read }));
      const [pages, known] = await Promise.all([
        prisma.siteIndexEntry.findMany({ where: key, select: { url: true } }),
        prisma.sitePost.findMany({
          where: { ...key, OR: [{ clicks: { not: null } }, { impressions: { not: null } }] },
          select: {
            remoteId: true,
            clicks: true,
            impressions: true,
            position: true,
            previousClicks: true,
            previousImpressions: true,
            previousPosition: true,
          },
        }),
      ]);
      const figures = new Map<string, SearchFigures>(known.map(({ remoteId, ...rest }) => [remoteId, rest]));
      const at = now();
      const analysed = analyzeSitePosts(posts, { siteUrl, otherPages: pages.map((p) => p.url), figures, now: at });
      const saved = await saveSitePosts(prisma, { ...key, posts: analysed, now: at, guard: () => hold() });
      return { set: { postsRead: posts.length, postsAnalysed: saved, analysedAt: at } };
    },
  });
}
