// One dimension (page or query) of a property over one period, every row: pages of at most 25,000 rows (the API's
// limit) asked from startRow 0 on until a page comes back short, up to SEARCH_ANALYTICS_MAX_ROWS.
import type { GoogleClient, SearchAnalyticsRow } from "../google/google-client.ts";
import { SEARCH_ANALYTICS_MAX_ROWS, SEARCH_ANALYTICS_PAGE_ROWS } from "./search-console-jobs.ts";

export async function readSearchAnalytics(
  google: GoogleClient,
  input: {
    accessToken: string;
    siteUrl: string;
    dimension: "page" | "query";
    period: { startDate: string; endDate: string };
    pageRows?: number;
    /** Called after each page (the job renews its lease). */
    onPage?: () => Promise<void>;
  },
): Promise<SearchAnalyticsRow[]> {
  const rowLimit = input.pageRows ?? SEARCH_ANALYTICS_PAGE_ROWS;
  const rows: SearchAnalyticsRow[] = [];
  for (let startRow = 0; startRow < SEARCH_ANALYTICS_MAX_ROWS; startRow += rowLimit) {
    const page = await google.searchAnalytics(input.accessToken, input.siteUrl, {
      ...input.period,
      dimensions: [input.dimension],
      rowLimit,
      startRow,
    });
    rows.push(...page);
    await input.onPage?.();
    if (page.length < rowLimit) break;
  }
  return rows;
}
