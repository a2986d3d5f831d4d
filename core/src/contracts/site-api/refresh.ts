// Refreshing one of "Your posts": a proposal section by section, the owner's choice, publishing in place, restoring.
import type { RouteContract } from "../api-v1.ts";
import { proposeRefreshSchema, refreshItemIdsSchema, refreshScoresSchema, refreshViewSchema } from "../refresh.ts";
import { badInput, ok, otherSite, refusal, signedOut, tooLarge, tooMany } from "./answers.ts";

const notFound = refusal("No such refresh, or not this member's.");
const unreachable = refusal("The site could not be read or written (message gives the platform's reason).");
const proposal = ok("The refresh: its items (before, after, why) and the scores before and after.", refreshViewSchema);

export const refreshRoutes = {
  proposeRefresh: {
    method: "POST",
    path: "/refreshes",
    summary:
      "Read one of Your posts from its site and propose an update, section by section; nothing is changed on the site",
    caller: "user",
    body: proposeRefreshSchema,
    responses: {
      201: proposal,
      400: badInput,
      401: signedOut,
      403: otherSite,
      404: refusal("No such post among Your posts, or its site is no longer connected."),
      413: tooLarge,
      429: tooMany("Too many refreshes written by the model this hour."),
      502: unreachable,
      503: refusal("The store is reached through the Shopify app, which is not configured here."),
    },
  },
  getRefresh: {
    method: "GET",
    path: "/refreshes/:id",
    summary: "One of the member's refreshes: the proposal, its state and scores",
    caller: "user",
    responses: { 200: proposal, 401: signedOut, 404: notFound },
  },
  previewRefresh: {
    method: "POST",
    path: "/refreshes/:id/preview",
    summary: "Score the post with the chosen items only (computed on the server; nothing is sent to the site)",
    caller: "user",
    body: refreshItemIdsSchema,
    responses: {
      200: ok("The scores before, with every item, and with the chosen items.", refreshScoresSchema),
      400: badInput,
      401: signedOut,
      403: otherSite,
      404: notFound,
      413: tooLarge,
    },
  },
  publishRefresh: {
    method: "POST",
    path: "/refreshes/:id/publish",
    summary:
      "Publish the chosen items in place: the same post or article (same id and address), the previous version kept",
    caller: "user",
    body: refreshItemIdsSchema,
    responses: {
      200: ok("The refresh as published.", refreshViewSchema),
      400: badInput,
      401: signedOut,
      403: otherSite,
      404: notFound,
      409: refusal(
        "The post changed on the site since the proposal (propose again), or this refresh was already published.",
      ),
      413: tooLarge,
      502: unreachable,
      503: refusal("The store is reached through the Shopify app, which is not configured here."),
    },
  },
  restoreRefresh: {
    method: "POST",
    path: "/refreshes/:id/restore",
    summary: "Put the post back as it was before the refresh was published (in place, as one more update)",
    caller: "user",
    responses: {
      200: ok("The refresh, restored.", refreshViewSchema),
      401: signedOut,
      403: otherSite,
      404: notFound,
      409: refusal("Nothing to restore (not published, or restored already), or the post changed on the site since."),
      502: unreachable,
      503: refusal("The store is reached through the Shopify app, which is not configured here."),
    },
  },
} as const satisfies Record<string, RouteContract>;
