// Analyses one claimed site's posts: reads every published post (renewing the lease and writing how many were read
// after each page; a reader whose lease was taken over stops at once), analyses them against the site's indexed
// pages (analyze-site-posts.ts), and stores them in place of the ones the site had, only while the job is still
// this reader's (its row is locked first, so a disconnection, which deletes the job, waits or is waited for).
// Search Console figures already stored are kept. A failure is recorded with its reason and retried with a growing
// delay; the analysis the site had is kept.
import type { Prisma } from "../db/index.ts";
import { isAppError } from "../errors/index.ts";
import { finishJob, renewJobLease, retryDelay } from "../jobs/index.ts";
import type { SiteConnection, SiteIndexDeps } from "../site-index/read-connection-pages.ts";
import { analyzeSitePosts } from "./analyze-site-posts.ts";
import { readConnectionPosts } from "./read-connection-posts.ts";
import { saveSitePosts } from "./save-site-posts.ts";
import {
  SITE_POSTS_LEASE_MS,
  SITE_POSTS_MAX_ATTEMPTS,
  SITE_POSTS_QUEUE,
  SITE_POSTS_RETRY,
  SITE_POSTS_STALE_AFTER_MS,
} from "./site-posts-jobs.ts";
import type { SearchFigures } from "./types.ts";

export type SitePostsOutcome = "ready" | "failed" | "lost" | "removed";

class LeaseLost extends Error {
  override name = "LeaseLost";
}

/** Locks the job's row for the transaction, failing (division by zero) unless `owner` still holds it. */
const holdJob = (prisma: Prisma, id: number, owner: string) =>
  prisma.$queryRawUnsafe(
    `SELECT 1 / count(*)::int AS held FROM (
       SELECT id FROM "site_posts_jobs" WHERE id = $1 AND "leaseOwner" = $2 AND "state" = 'analysing' FOR UPDATE
     ) AS job`,
    id,
    owner,
  );

const UNEXPECTED = "The posts could not be analysed because of an error on our side. They are analysed again shortly.";

export async function runSitePostsJob(
  deps: SiteIndexDeps,
  input: { jobId: number; owner: string; leaseMs?: number },
): Promise<SitePostsOutcome> {
  const { prisma } = deps;
  const clock = () => deps.now?.() ?? new Date();
  const { jobId: id, owner } = input;
  const leaseMs = input.leaseMs ?? SITE_POSTS_LEASE_MS;
  const job = await prisma.sitePostsJob.findUnique({ where: { id } });
  if (!job || job.leaseOwner !== owner) return "lost";
  const where = { id: job.connectionId, userId: job.userId };
  const site: SiteConnection | null =
    job.platform === "shopify"
      ? await prisma.shopifyConnection
          .findFirst({ where })
          .then((connection) => (connection ? { platform: "shopify", connection } : null))
      : await prisma.wordpressConnection
          .findFirst({ where })
          .then((connection) => (connection ? { platform: "wordpress", connection } : null));
  if (!site || !site.connection.isActive) {
    await prisma.sitePostsJob.deleteMany({ where: { id, leaseOwner: owner } });
    return "removed";
  }
  const key = { userId: job.userId, platform: site.platform, connectionId: job.connectionId };

  try {
    const { siteUrl, posts } = await readConnectionPosts(deps, site, async (read) => {
      const now = clock();
      if (!(await renewJobLease(prisma, SITE_POSTS_QUEUE, { id, owner, now, leaseMs, set: { postsRead: read } }))) {
        throw new LeaseLost();
      }
    });
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
    const now = clock();
    const analysed = analyzeSitePosts(posts, { siteUrl, otherPages: pages.map((p) => p.url), figures, now });
    let saved: number;
    try {
      saved = await saveSitePosts(prisma, { ...key, posts: analysed, now, guard: () => holdJob(prisma, id, owner) });
    } catch (error) {
      if (error instanceof Error && /division by zero/i.test(error.message)) return "lost";
      throw error;
    }
    const finished = await finishJob(prisma, SITE_POSTS_QUEUE, {
      id,
      owner,
      now,
      state: "ready",
      dueAt: new Date(now.getTime() + SITE_POSTS_STALE_AFTER_MS),
      set: { postsRead: posts.length, postsAnalysed: saved, analysedAt: now, lastError: null, attempts: 0 },
    });
    return finished ? "ready" : "lost";
  } catch (error) {
    if (error instanceof LeaseLost) return "lost";
    const now = clock();
    const message = isAppError(error) ? error.message : UNEXPECTED;
    if (!isAppError(error)) deps.logger?.warn({ err: error, jobId: id }, "a site's posts could not be analysed");
    const delay =
      job.attempts >= SITE_POSTS_MAX_ATTEMPTS ? SITE_POSTS_STALE_AFTER_MS : retryDelay(job.attempts, SITE_POSTS_RETRY);
    await finishJob(prisma, SITE_POSTS_QUEUE, {
      id,
      owner,
      now,
      state: "failed",
      dueAt: new Date(now.getTime() + delay),
      set: { lastError: message },
    });
    return "failed";
  }
}
