// Reads one claimed site's Search Console figures (a site job, core/src/jobs/site-job.ts): per page and per query, for
// the last 28 days and the 28 before (search-periods.ts), every row (read-search-analytics.ts). Then, while the job is
// still this reader's, it stores them in place of the site's previous ones and joins the pages into the site's posts
// by address (a post Google did not list had no impressions), computing their opportunity again. A site whose
// connection is gone, has no property chosen, or waits for the owner to reconnect has its job removed (connecting or
// choosing queues it again). A failure is kept with its reason and retried; the figures read before stay.
import type { SearchConsoleConnection } from "../db/index.ts";
import { runSiteJob, type SiteJobOutcome } from "../jobs/site-job.ts";
import { findSiteConnection, type SiteConnection } from "../site-index/site-connection.ts";
import { pageKey } from "../site-posts/analyze-site-posts.ts";
import { storedPostOpportunity } from "../site-posts/opportunity.ts";
import { googleClientOf } from "./google-client-of.ts";
import type { SearchAnalyticsRow } from "../google/google-client.ts";
import { readSearchAnalytics } from "./read-search-analytics.ts";
import { SEARCH_CONSOLE_JOB, SEARCH_QUERIES_KEPT } from "./search-console-jobs.ts";
import { searchPeriods } from "./search-periods.ts";
import type { SearchConsoleDeps } from "./types.ts";
import { withGoogleAccess } from "./with-google-access.ts";

interface Figures {
  clicks: number;
  impressions: number;
  position: number | null;
  previousClicks: number;
  previousImpressions: number;
  previousPosition: number | null;
}

const EMPTY: Figures = {
  clicks: 0,
  impressions: 0,
  position: null,
  previousClicks: 0,
  previousImpressions: 0,
  previousPosition: null,
};

const round = (n: number) => Math.round(n * 10) / 10;

/** The two periods' rows merged by their key (the page's compared address, or the query). */
function merge(
  current: SearchAnalyticsRow[],
  previous: SearchAnalyticsRow[],
  keyOf: (row: SearchAnalyticsRow) => string | null,
): Map<string, Figures & { first: string }> {
  const merged = new Map<string, Figures & { first: string }>();
  const add = (rows: SearchAnalyticsRow[], before: boolean) => {
    for (const row of rows) {
      const key = keyOf(row);
      if (!key) continue;
      const entry = merged.get(key) ?? { ...EMPTY, first: row.keys[0] ?? key };
      // Two addresses of one page (with and without www., or a trailing slash): summed, position weighted.
      const [clicks, impressions, position] = before
        ? (["previousClicks", "previousImpressions", "previousPosition"] as const)
        : (["clicks", "impressions", "position"] as const);
      const seen = entry[impressions];
      const total = seen + row.impressions;
      entry[position] =
        total > 0 ? round(((entry[position] ?? 0) * seen + row.position * row.impressions) / total) : null;
      entry[clicks] += row.clicks;
      entry[impressions] = total;
      merged.set(key, entry);
    }
  };
  add(current, false);
  add(previous, true);
  return merged;
}

export function runSearchConsoleJob(
  deps: SearchConsoleDeps,
  input: { jobId: number; owner: string; leaseMs?: number; pageRows?: number },
): Promise<SiteJobOutcome> {
  const { prisma } = deps;
  type Found = SiteConnection & { searchConsole: SearchConsoleConnection & { propertyUrl: string } };
  return runSiteJob(deps, SEARCH_CONSOLE_JOB, input, {
    load: (id) => prisma.searchConsoleJob.findUnique({ where: { id } }),
    async find(key): Promise<Found | null> {
      const [site, searchConsole] = await Promise.all([
        findSiteConnection(prisma, key),
        prisma.searchConsoleConnection.findFirst({ where: key }),
      ]);
      if (!site || !searchConsole?.propertyUrl || searchConsole.state !== "connected") return null;
      return { ...site, searchConsole: { ...searchConsole, propertyUrl: searchConsole.propertyUrl } };
    },
    unexpected:
      "Search Console's figures could not be read because of an error on our side. They are read again shortly.",
    logMessage: "a site's Search Console figures could not be read",
    async work({ site, key, now, renew, hold }) {
      const google = googleClientOf(deps);
      const periods = searchPeriods(now());
      const siteUrl = site.platform === "shopify" ? site.connection.storeUrl : site.connection.siteUrl;
      const property = site.searchConsole.propertyUrl;
      const read = await withGoogleAccess(deps, google, site.searchConsole, async (accessToken) => {
        const rowsOf = (dimension: "page" | "query", period: { startDate: string; endDate: string }) =>
          readSearchAnalytics(google, {
            accessToken,
            siteUrl: property,
            dimension,
            period,
            pageRows: input.pageRows,
            onPage: () => renew(),
          });
        return {
          pages: [await rowsOf("page", periods.current), await rowsOf("page", periods.previous)] as const,
          queries: [await rowsOf("query", periods.current), await rowsOf("query", periods.previous)] as const,
        };
      });
      const pages = merge(read.pages[0], read.pages[1], (row) => (row.keys[0] ? pageKey(row.keys[0], siteUrl) : null));
      const queries = [...merge(read.queries[0], read.queries[1], (row) => row.keys[0]?.trim().toLowerCase() || null)]
        .sort((a, b) => b[1].impressions - a[1].impressions || b[1].previousImpressions - a[1].previousImpressions)
        .slice(0, SEARCH_QUERIES_KEPT);
      const at = now();
      await prisma.$transaction(
        async (tx) => {
          await hold(tx as never);
          await tx.searchConsolePage.deleteMany({ where: key });
          await tx.searchConsoleQuery.deleteMany({ where: key });
          await tx.searchConsolePage.createMany({
            data: [...pages].map(([urlKey, { first, ...figures }]) => ({ ...key, url: first, urlKey, ...figures })),
          });
          await tx.searchConsoleQuery.createMany({
            data: queries.map(([query, { first: _first, ...figures }]) => ({ ...key, query, ...figures })),
          });
          const posts = await tx.sitePost.findMany({ where: key });
          for (const post of posts) {
            const postKey = pageKey(post.url, siteUrl);
            const { first: _first, ...figures } = (postKey ? pages.get(postKey) : undefined) ?? { ...EMPTY, first: "" };
            const opportunity = storedPostOpportunity(post, figures, at);
            await tx.sitePost.updateMany({
              where: { id: post.id, userId: key.userId },
              data: { ...figures, opportunity },
            });
          }
          await tx.searchConsoleConnection.updateMany({
            where: { id: site.searchConsole.id, userId: key.userId },
            data: { readAt: at },
          });
        },
        { timeout: 60_000 },
      );
      return { set: {} };
    },
  });
}
