// The member's "Your posts" page of posts (GET /api/site-posts), read through its declaration. While the site's posts
// are waiting or being analysed the page is read again every 5 seconds, so the table fills in by itself.
import type { SitePostsPage } from "@postwright/core/contracts";
import { siteApiContract } from "@postwright/core/contracts/site-api";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { routeQuery } from "../../lib/api";

export const SITE_POSTS_REFRESH_MS = 5_000;

export function useSitePosts(page: number) {
  return useQuery({
    ...routeQuery(siteApiContract.listSitePosts, { query: { page } }),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => {
      const data = query.state.data as SitePostsPage | undefined;
      const state = data?.site?.state;
      return state === "queued" || state === "analysing" ? SITE_POSTS_REFRESH_MS : false;
    },
  });
}
