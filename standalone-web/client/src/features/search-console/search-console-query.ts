// Search Console's state and ideas for the site shown (GET /api/search-console?platform=, GET
// /api/search-console/ideas?platform=), read through their declarations: each of the member's sites has its own
// connection. While the figures are queued or being read, the state is read again every 5 seconds.
import type { SearchConsoleStatus } from "@postwright/core/contracts";
import { siteApiContract } from "@postwright/core/contracts/site-api";
import { useQuery } from "@tanstack/react-query";
import { routeQuery } from "../../lib/api";

export const SEARCH_CONSOLE_REFRESH_MS = 5_000;

type Platform = "shopify" | "wordpress";

/** The state for the member's site on `platform` (read once the site shown is known). */
export function useSearchConsoleStatus(platform: Platform | undefined) {
  return useQuery({
    ...routeQuery(siteApiContract.getSearchConsole, { query: { platform } }),
    enabled: platform !== undefined,
    refetchInterval: (query) => {
      const reading = (query.state.data as SearchConsoleStatus | undefined)?.connection?.reading;
      return reading === "queued" || reading === "reading" ? SEARCH_CONSOLE_REFRESH_MS : false;
    },
  });
}

export function useSearchConsoleIdeas(platform: Platform | undefined, enabled: boolean) {
  return useQuery({
    ...routeQuery(siteApiContract.listSearchConsoleIdeas, { query: { platform } }),
    enabled: enabled && platform !== undefined,
  });
}
