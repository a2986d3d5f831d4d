// The index of the member's connected sites (the pages new posts link to): its state, and asking for a new read.
import type { RouteContract } from "../api-v1.ts";
import { siteIndexResponseSchema } from "../site-index.ts";
import { ok, otherSite, signedOut } from "./answers.ts";

export const siteIndexRoutes = {
  getSiteIndex: {
    method: "GET",
    path: "/site-index",
    summary: "Each connected site's index: its state, pages so far, when it was read, and why a read failed",
    caller: "user",
    responses: { 200: ok("The sites' indexes (none without a connection).", siteIndexResponseSchema), 401: signedOut },
  },
  refreshSiteIndex: {
    method: "POST",
    path: "/site-index/refresh",
    summary: "Queue a new read of each connected site",
    caller: "user",
    responses: {
      200: ok("The sites' indexes, each read queued.", siteIndexResponseSchema),
      401: signedOut,
      403: otherSite,
    },
  },
} as const satisfies Record<string, RouteContract>;
