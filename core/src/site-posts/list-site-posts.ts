// "Your posts" of one of the owner's sites: its analysis state and one page of its posts, highest opportunity first
// (the id settling ties). The site is the owner's connected one on the platform asked for, else the first connected
// (the store, then the WordPress site); the plugin names its own connection. Every read is scoped to the owner.
import { findCurrentShopifyConnection, findCurrentWordpressConnection } from "../connections/current-connections.ts";
import type { SitePostsPage, SitePostsStatus, SitePostView } from "../contracts/site-posts.ts";
import type { Prisma } from "../db/index.ts";
import { refreshCandidateReason } from "./refresh-candidate.ts";
import type { SitePostsState } from "./site-posts-jobs.ts";
import type { FailingCheck } from "./types.ts";

const DAY_MS = 24 * 60 * 60_000;

type Site = { platform: "shopify" | "wordpress"; id: number; siteName: string; siteUrl: string };

async function connectedSite(
  prisma: Prisma,
  input: { userId: number; platform?: "shopify" | "wordpress"; connectionId?: number },
): Promise<Site | null> {
  if (input.connectionId !== undefined) {
    const where = { id: input.connectionId, userId: input.userId, isActive: true };
    if (input.platform === "shopify") {
      const c = await prisma.shopifyConnection.findFirst({ where });
      return c ? { platform: "shopify", id: c.id, siteName: c.storeName, siteUrl: c.storeUrl } : null;
    }
    const c = await prisma.wordpressConnection.findFirst({ where });
    return c ? { platform: "wordpress", id: c.id, siteName: c.siteName, siteUrl: c.siteUrl } : null;
  }
  if (input.platform !== "wordpress") {
    const c = await findCurrentShopifyConnection(prisma, input.userId);
    if (c?.isActive) return { platform: "shopify", id: c.id, siteName: c.storeName, siteUrl: c.storeUrl };
  }
  if (input.platform !== "shopify") {
    const c = await findCurrentWordpressConnection(prisma, input.userId);
    if (c?.isActive) return { platform: "wordpress", id: c.id, siteName: c.siteName, siteUrl: c.siteUrl };
  }
  return null;
}

export async function listSitePosts(
  deps: { prisma: Prisma; now?: () => Date },
  input: {
    userId: number;
    platform?: "shopify" | "wordpress";
    /** A given connection of the owner's (the plugin's own site); with platform. */
    connectionId?: number;
    page: number;
    pageSize: number;
  },
): Promise<SitePostsPage> {
  const { prisma } = deps;
  const now = deps.now?.() ?? new Date();
  const { page, pageSize } = input;
  const site = await connectedSite(prisma, input);
  if (!site) return { site: null, posts: [], page, pageSize, total: 0 };
  const key = { userId: input.userId, platform: site.platform, connectionId: site.id };
  const [job, total, rows] = await Promise.all([
    prisma.sitePostsJob.findFirst({ where: key }),
    prisma.sitePost.count({ where: key }),
    prisma.sitePost.findMany({
      where: key,
      orderBy: [{ opportunity: "desc" }, { id: "asc" }],
      skip: (page - 1) * pageSize,
      take: pageSize,
    }),
  ]);
  const state = (job?.state ?? "queued") as SitePostsState;
  const status: SitePostsStatus = {
    platform: site.platform,
    connectionId: site.id,
    siteName: site.siteName,
    siteUrl: site.siteUrl,
    state,
    postsRead: job?.postsRead ?? 0,
    postsAnalysed: job?.postsAnalysed ?? total,
    analysedAt: job?.analysedAt?.toISOString() ?? null,
    error: state === "failed" ? (job?.lastError ?? null) : null,
  };
  const posts = rows.map((row): SitePostView => {
    const changed = row.modifiedAt ?? row.publishedAt;
    const known = [row.clicks, row.impressions, row.position].some((v) => v !== null);
    const refreshReason = refreshCandidateReason(row);
    return {
      id: row.id,
      url: row.url,
      title: row.title,
      publishedAt: row.publishedAt?.toISOString() ?? null,
      modifiedAt: row.modifiedAt?.toISOString() ?? null,
      ageDays: changed ? Math.max(0, Math.floor((now.getTime() - changed.getTime()) / DAY_MS)) : null,
      words: row.words,
      score: row.score,
      failingChecks: Array.isArray(row.failingChecks) ? (row.failingChecks as unknown as FailingCheck[]) : [],
      keyphrase: row.keyphrase,
      keyphraseSource: row.keyphraseSource as SitePostView["keyphraseSource"],
      linksOut: row.linksOut,
      linksIn: row.linksIn,
      search: known
        ? {
            clicks: row.clicks,
            impressions: row.impressions,
            position: row.position,
            previousClicks: row.previousClicks,
            previousImpressions: row.previousImpressions,
            previousPosition: row.previousPosition,
          }
        : null,
      refreshCandidate: refreshReason !== null,
      refreshReason,
      opportunity: row.opportunity,
    };
  });
  return { site: status, posts, page, pageSize, total };
}
