// "Your posts": every published post of the member's connected site, analysed, highest opportunity first.
import type { RouteContract } from "../api-v1.ts";
import { sitePostsPageSchema, sitePostsQuerySchema } from "../site-posts.ts";
import { badRequest, ok, signedOut } from "./answers.ts";

export const sitePostsRoutes = {
  listSitePosts: {
    method: "GET",
    path: "/site-posts",
    summary:
      "Every published post of the member's site (?platform, else the first connected), analysed, highest opportunity first (?page from 1, ?pageSize 1 to 100, 25 by default)",
    caller: "user",
    query: sitePostsQuerySchema,
    responses: {
      200: ok(
        "The site's analysis state and one page of its posts (site null when no site is connected on that platform).",
        sitePostsPageSchema,
      ),
      400: badRequest("A platform other than shopify or wordpress, or a page or pageSize out of bounds."),
      401: signedOut,
    },
  },
} as const satisfies Record<string, RouteContract>;
