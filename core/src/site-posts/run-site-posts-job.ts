// Analyses one claimed site's posts (a site job, core/src/jobs/site-job.ts): reads every published post (renewing the
// lease and writing how many were read after each page; a reader whose lease was taken over stops at once), analyses
// them against the site's indexed pages (analyze-site-posts.ts), and stores them in place of the ones the site had,
// only while the job is still this reader's (its row is locked first, so a disconnection, which deletes the job, waits
// or is waited for). Search Console's figures (search_console_pages, read by core/src/search-console) are joined by
// the post's address. A failure is recorded with its reason and retried with a growing delay; the analysis the site
// had is kept.
import { runSiteJob, type SiteJobOutcome } from "../jobs/site-job.ts";
import { findSiteConnection, type SiteIndexDeps } from "../site-index/site-connection.ts";
import { analyzeSitePosts, pageKey } from "./analyze-site-posts.ts";
import { readConnectionPosts } from "./read-connection-posts.ts";
import { saveSitePosts } from "./save-site-posts.ts";
import { SITE_POSTS_JOB } from "./site-posts-jobs.ts";
import type { SearchFigures } from "./types.ts";

export type SitePostsOutcome = SiteJobOutcome;

const NOTHING_FOUND: SearchFigures = {
  clicks: 0,
  impressions: 0,
  position: null,
  previousClicks: 0,
  previousImpressions: 0,
  previousPosition: null,
};

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
      const [pages, known, searchPages, searchRead] = await Promise.all([
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
        prisma.searchConsolePage.findMany({
          where: key,
          select: {
            urlKey: true,
            clicks: true,
            impressions: true,
            position: true,
            previousClicks: true,
            previousImpressions: true,
            previousPosition: true,
          },
        }),
        prisma.searchConsoleConnection.findFirst({ where: { ...key, readAt: { not: null } }, select: { id: true } }),
      ]);
      // Search Console's figures by the page's address; a post Google did not list had no impressions at all.
      const byUrl = new Map<string, SearchFigures>(searchPages.map(({ urlKey, ...rest }) => [urlKey, rest]));
      const kept = new Map<string, SearchFigures>(known.map(({ remoteId, ...rest }) => [remoteId, rest]));
      const figures = new Map<string, SearchFigures>();
      for (const post of posts) {
        const urlKey = pageKey(post.url, siteUrl);
        const found =
          (urlKey ? byUrl.get(urlKey) : undefined) ?? (searchRead ? NOTHING_FOUND : kept.get(post.remoteId));
        if (found) figures.set(post.remoteId, found);
      }
      const at = now();
      const analysed = analyzeSitePosts(posts, { siteUrl, otherPages: pages.map((p) => p.url), figures, now: at });
      const saved = await saveSitePosts(prisma, { ...key, posts: analysed, now: at, guard: () => hold() });
      return { set: { postsRead: posts.length, postsAnalysed: saved, analysedAt: at } };
    },
  });
}
