// Search Console's state and ideas (GET /api/search-console, GET /api/search-console/ideas), read through their
// declarations. While the figures are queued or being read, the state is read again every 5 seconds.
import type { SearchConsoleStatus } from "@postwright/core/contracts";
import { siteApiContract } from "@postwright/core/contracts/site-api";
import { useQuery } from "@tanstack/react-query";
import { routeQuery } from "../../lib/api";

export const SEARCH_CONSOLE_REFRESH_MS = 5_000;

export function useSearchConsoleStatus() {
  return useQuery({
    ...routeQuery(siteApiContract.getSearchConsole),
    refetchInterval: (query) => {
      const reading = (query.state.data as SearchConsoleStatus | undefined)?.connection?.reading;
      return reading === "queued" || reading === "reading" ? SEARCH_CONSOLE_REFRESH_MS : false;
    },
  });
}

export function useSearchConsoleIdeas(enabled: boolean) {
  return useQuery({ ...routeQuery(siteApiContract.listSearchConsoleIdeas), enabled });
}
