// The plugin API (/api/v1), each route declared once: method, path, who may call it, its body and every answer it
// gives, errors included, as zod schemas. The server implements the routes from this table (a handler that answers
// something else does not compile), /api/v1/openapi.json is generated from it (api-v1-openapi.ts), and the tests check
// every answer against that document. Framework-free: no HTTP library is imported here.
import { z } from "zod";
import {
  addPlanItemsSchema,
  importPlanCsvSchema,
  movePlanItemSchema,
  planIdeasSchema,
  planItemSchema,
  planItemsPageSchema,
  siteContentPlanSchema,
  updateContentPlanSchema,
} from "./autopilot-requests.ts";
import {
  contentPlanDetailViewSchema,
  contentPlanItemViewSchema,
  contentPlanListResponseSchema,
  planIdeasResponseSchema,
  planItemsAddedSchema,
} from "./autopilot-schemas.ts";
import { generatePostSchema, optimizeTitleSchema, updatePostSchema } from "./blog.ts";
import { pluginSiteIndexResponseSchema, siteIndexChangesResponseSchema, siteIndexChangesSchema } from "./site-index.ts";
import { sitePostsPageQuerySchema, sitePostsPageSchema } from "./site-posts.ts";
import { proposeRefreshSchema, refreshItemIdsSchema, refreshScoresSchema, refreshViewSchema } from "./refresh.ts";
import {
  pluginSearchConsoleConnectSchema,
  searchConsoleAuthorizeUrlSchema,
  searchConsoleChoosePropertySchema,
  searchConsoleIdeasSchema,
  searchConsoleStatusSchema,
} from "./search-console.ts";
import { pluginSaveVoiceRequestSchema, pluginSiteVoiceResponseSchema, siteVoiceSchema } from "./voice.ts";
import {
  apiErrorSchema,
  badRequestErrorSchema,
  blogPostViewSchema,
  connectExchangeResponseSchema,
  connectExchangeSchema,
  csvRejectedErrorSchema,
  generationAcceptedSchema,
  generationStatusSchema,
  optimizeTitleResponseSchema,
  pluginScheduleSchema,
  seoAnalysisSchema,
  seoAnalyzeSchema,
  siteResponseSchema,
  wordpressPublicationSchema,
} from "./wordpress-plugin.ts";

/**
 * One route: `path` is relative to its API's root (/api/v1 here, /api for the site's own API, site-api.ts), with
 * Express-style parameters (`/posts/:id`).
 */
export interface RouteContract {
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  path: string;
  summary: string;
  /** More than the summary says, where a route needs it (e.g. an answer other than JSON it can also give). */
  description?: string;
  /**
   * Who may call it. "site": the site credential (Authorization: Bearer pwsite_...); "user": a signed-in member (the
   * site's session cookie); "admin": the site's administrator (ADMIN_EMAIL), signed in; "none": anyone.
   */
  caller: "site" | "user" | "admin" | "none";
  /** The query string's parameters, as an object schema (each property one parameter). */
  query?: z.ZodObject;
  body?: z.ZodType;
  /** The body is multipart/form-data (an upload) instead of JSON: its fields are told in the description. */
  multipart?: true;
  /** Every status the route answers, with its body's schema (null: no body) and what it means. */
  responses: Record<number, { description: string; schema: z.ZodType | null }>;
}

/** Answers every route may give. */
const errors = {
  400: { description: "Bad input: message says what to fix; issues lists each field.", schema: badRequestErrorSchema },
  401: { description: "Unknown or revoked site credential (code site_disconnected).", schema: apiErrorSchema },
  402: { description: "This month's posts are used up (code quota_reached, with upgradeUrl).", schema: apiErrorSchema },
  403: {
    description:
      "The account's plan does not include this (e.g. scheduling on the free plan) or allows no more (content plans, titles per plan); message says which plan does.",
    schema: apiErrorSchema,
  },
  404: { description: "Not found, or not this site's.", schema: apiErrorSchema },
  409: {
    description:
      "The plan or title is not in a state that allows this (e.g. approving a title not waiting for review).",
    schema: apiErrorSchema,
  },
  422: {
    description: "The CSV file has bad rows: nothing was imported; problems lists each line and reason.",
    schema: csvRejectedErrorSchema,
  },
  429: {
    description: "Too many requests from this site (code rate_limited); Retry-After says when to try again.",
    schema: apiErrorSchema,
  },
  502: {
    description:
      "A service the request needs (this site, a store, Google) could not be reached or refused (code upstream_failed; message gives the reason).",
    schema: apiErrorSchema,
  },
  503: {
    description:
      "The AI model is not available (code model_unavailable), or a service the request needs is not set up or not reachable just now (code unavailable; message says which).",
    schema: apiErrorSchema,
  },
} as const;

type ErrorStatus = keyof typeof errors;
const pick = <S extends ErrorStatus>(...statuses: S[]) =>
  Object.fromEntries(statuses.map((status) => [status, errors[status]])) as Pick<typeof errors, S>;
/**
 * A route the site's credential calls: it may be refused (401), rate limited (429), or let down by a service it needs
 * (502, 503).
 */
const siteErrors = <S extends ErrorStatus>(...statuses: S[]) =>
  pick<401 | 429 | 502 | 503 | S>(401, 429, 502, 503, ...statuses);
const ok = <T extends z.ZodType | null>(description: string, schema: T) => ({ description, schema });

const detail = ok(
  "The plan with one page of its titles (itemsPage says which), their slots and statuses; counts are of all its titles.",
  contentPlanDetailViewSchema,
);
const itemView = ok("The title as it now stands.", contentPlanItemViewSchema);
const refreshView = ok(
  "The refresh: its items (before, after, why), its state and the scores before and after.",
  refreshViewSchema,
);
/** This site's WordPress post could not be read or written (the plugin's answer, or the site unreachable). */
const siteUnreachable = {
  502: {
    description: "The site's post could not be read or written (code site_unreadable; message gives the reason).",
    schema: apiErrorSchema,
  },
} as const;
const searchConsoleStatus = ok(
  "Whether the service can connect Search Console, and this site's connection (null when none for this site).",
  searchConsoleStatusSchema,
);
const added = ok("How many were added.", planItemsAddedSchema);

/** The plugin API's routes. */
export const apiV1Contract = {
  openApi: {
    method: "GET",
    path: "/openapi.json",
    summary: "This document",
    caller: "none",
    responses: { 200: ok("The OpenAPI 3.1 document.", z.looseObject({ openapi: z.string() })) },
  },
  exchangeConnectCode: {
    method: "POST",
    path: "/connect/exchange",
    summary: "Exchange the one-time connect code for the site's credential",
    caller: "none",
    body: connectExchangeSchema,
    responses: {
      200: ok("The site's credential and signing secret.", connectExchangeResponseSchema),
      ...pick(400, 429),
    },
  },
  getSite: {
    method: "GET",
    path: "/site",
    summary: "The connected site, its account's plan and this month's usage",
    caller: "site",
    responses: { 200: ok("The site and its account.", siteResponseSchema), ...siteErrors() },
  },
  disconnectSite: {
    method: "DELETE",
    path: "/site",
    summary: "Disconnect the site (revokes its credential)",
    caller: "site",
    responses: { 204: ok("Disconnected.", null), ...siteErrors() },
  },
  optimizeTitle: {
    method: "POST",
    path: "/titles/optimize",
    summary: "Title suggestions",
    caller: "site",
    body: optimizeTitleSchema,
    responses: { 200: ok("The suggestions.", optimizeTitleResponseSchema), ...siteErrors(400, 403, 503) },
  },
  startGeneration: {
    method: "POST",
    path: "/generations",
    summary: "Start writing a post in the background",
    caller: "site",
    body: generatePostSchema,
    responses: { 202: ok("The generation was started.", generationAcceptedSchema), ...siteErrors(400, 402) },
  },
  getGeneration: {
    method: "GET",
    path: "/generations/:id",
    summary: "A generation's stage, and its post once done",
    caller: "site",
    responses: { 200: ok("The generation.", generationStatusSchema), ...siteErrors(404) },
  },
  getPost: {
    method: "GET",
    path: "/posts/:id",
    summary: "One post",
    caller: "site",
    responses: { 200: ok("The post.", blogPostViewSchema), ...siteErrors(404) },
  },
  updatePost: {
    method: "PATCH",
    path: "/posts/:id",
    summary: "Save an edit of a post",
    caller: "site",
    body: updatePostSchema,
    responses: { 200: ok("The post as saved, analysed again.", blogPostViewSchema), ...siteErrors(400, 404) },
  },
  analyzeSeo: {
    method: "POST",
    path: "/seo/analyze",
    summary: "SEO analysis of content being edited",
    caller: "site",
    body: seoAnalyzeSchema,
    responses: { 200: ok("The score and every check.", seoAnalysisSchema), ...siteErrors(400) },
  },
  recordWordpressPublication: {
    method: "POST",
    path: "/posts/:id/wordpress-publication",
    summary: "Tell the service the plugin created or published the post in WordPress",
    caller: "site",
    body: wordpressPublicationSchema,
    responses: { 204: ok("Recorded.", null), ...siteErrors(400, 404) },
  },
  schedulePost: {
    method: "POST",
    path: "/posts/:id/schedule",
    summary: "Schedule (or reschedule) the post on this site; the service's scheduler publishes it then",
    caller: "site",
    body: pluginScheduleSchema,
    responses: { 200: ok("The post, scheduled.", blogPostViewSchema), ...siteErrors(400, 403, 404, 409) },
  },
  cancelSchedule: {
    method: "DELETE",
    path: "/posts/:id/schedule",
    summary: "Cancel the post's schedule",
    caller: "site",
    responses: { 200: ok("The post, no longer scheduled.", blogPostViewSchema), ...siteErrors(404) },
  },
  listContentPlans: {
    method: "GET",
    path: "/content-plans",
    summary: "The plans that publish to this site",
    caller: "site",
    responses: { 200: ok("The plans, with their counts.", contentPlanListResponseSchema), ...siteErrors() },
  },
  createContentPlan: {
    method: "POST",
    path: "/content-plans",
    summary: "Create a plan that publishes to this site",
    caller: "site",
    body: siteContentPlanSchema,
    responses: { 201: { ...detail, description: "The new plan." }, ...siteErrors(400, 403) },
  },
  getContentPlan: {
    method: "GET",
    path: "/content-plans/:id",
    summary: "One plan with a page of its titles (?page from 1, ?pageSize 1 to 200, 50 by default)",
    caller: "site",
    query: planItemsPageSchema,
    responses: { 200: detail, ...siteErrors(400, 404) },
  },
  updateContentPlan: {
    method: "PATCH",
    path: "/content-plans/:id",
    summary: "Change a plan's name, cadence, posts ahead, mode, or pause and resume it",
    caller: "site",
    query: planItemsPageSchema,
    body: updateContentPlanSchema,
    responses: { 200: detail, ...siteErrors(400, 403, 404) },
  },
  deleteContentPlan: {
    method: "DELETE",
    path: "/content-plans/:id",
    summary: "Delete a plan (approved drafts are unscheduled; the posts stay)",
    caller: "site",
    responses: { 204: ok("Deleted.", null), ...siteErrors(404) },
  },
  addPlanItems: {
    method: "POST",
    path: "/content-plans/:id/items",
    summary: "Add titles to the end of a plan",
    caller: "site",
    body: addPlanItemsSchema,
    responses: { 200: added, ...siteErrors(400, 403, 404) },
  },
  importPlanCsv: {
    method: "POST",
    path: "/content-plans/:id/import",
    summary: "Import titles from a CSV file (all or nothing)",
    caller: "site",
    body: importPlanCsvSchema,
    responses: { 200: added, ...siteErrors(400, 403, 404, 422) },
  },
  suggestPlanIdeas: {
    method: "POST",
    path: "/content-plans/:id/ideas",
    summary: "Title ideas for the plan (counted as a title suggestion)",
    caller: "site",
    body: planIdeasSchema,
    responses: {
      200: ok("The ideas, and how many were left out.", planIdeasResponseSchema),
      ...siteErrors(400, 403, 404, 503),
    },
  },
  updatePlanItem: {
    method: "PATCH",
    path: "/content-plans/:id/items/:itemId",
    summary: "Change a waiting title",
    caller: "site",
    body: planItemSchema.partial().strict(),
    responses: { 200: itemView, ...siteErrors(400, 404, 409) },
  },
  removePlanItem: {
    method: "DELETE",
    path: "/content-plans/:id/items/:itemId",
    summary: "Remove a title not prepared yet",
    caller: "site",
    responses: { 204: ok("Removed.", null), ...siteErrors(404, 409) },
  },
  approvePlanItem: {
    method: "POST",
    path: "/content-plans/:id/items/:itemId/approve",
    summary: "Approve a prepared draft: it is published in its slot",
    caller: "site",
    responses: { 200: itemView, ...siteErrors(403, 404, 409) },
  },
  skipPlanItem: {
    method: "POST",
    path: "/content-plans/:id/items/:itemId/skip",
    summary: "Skip a title: it is not published",
    caller: "site",
    responses: { 200: itemView, ...siteErrors(404, 409) },
  },
  movePlanItem: {
    method: "POST",
    path: "/content-plans/:id/items/:itemId/move",
    summary: "Move a waiting title one place earlier or later",
    caller: "site",
    query: planItemsPageSchema,
    body: movePlanItemSchema,
    responses: { 200: detail, ...siteErrors(400, 404, 409) },
  },
  getSiteIndex: {
    method: "GET",
    path: "/site-index",
    summary: "This site's index (the pages new posts link to): its state and the words to show",
    caller: "site",
    responses: { 200: ok("The index's state and its words.", pluginSiteIndexResponseSchema), ...siteErrors() },
  },
  refreshSiteIndex: {
    method: "POST",
    path: "/site-index/refresh",
    summary: "Queue a new read of this site's pages (Retry)",
    caller: "site",
    responses: { 200: ok("The index's state, the read queued.", pluginSiteIndexResponseSchema), ...siteErrors() },
  },
  reportSiteChanges: {
    method: "POST",
    path: "/site-index/changes",
    summary: "Posts, pages or categories of this site that changed, applied to its index at once",
    caller: "site",
    body: siteIndexChangesSchema,
    responses: {
      200: ok("How many changes were applied and ignored.", siteIndexChangesResponseSchema),
      ...siteErrors(400),
    },
  },
  listSitePosts: {
    method: "GET",
    path: "/site-posts",
    summary:
      "Every published post of this site, analysed, highest opportunity first (?page from 1, ?pageSize 1 to 100, 25 by default)",
    caller: "site",
    query: sitePostsPageQuerySchema,
    responses: {
      200: ok("The site's analysis state and one page of its posts.", sitePostsPageSchema),
      ...siteErrors(400),
    },
  },
  proposeRefresh: {
    method: "POST",
    path: "/refreshes",
    summary:
      "Read one of this site's posts (a sitePostId of /site-posts) and propose an update, section by section; nothing is changed on the site",
    caller: "site",
    body: proposeRefreshSchema,
    responses: {
      201: refreshView,
      ...siteErrors(400, 404),
      429: {
        description:
          "Too many requests from this site (code rate_limited), or too many refreshes proposed this hour; message says when to try again.",
        schema: apiErrorSchema,
      },
      ...siteUnreachable,
    },
  },
  getRefresh: {
    method: "GET",
    path: "/refreshes/:id",
    summary: "One refresh of this site's posts: the proposal, its state and scores",
    caller: "site",
    responses: { 200: refreshView, ...siteErrors(404) },
  },
  previewRefresh: {
    method: "POST",
    path: "/refreshes/:id/preview",
    summary: "Score the post with the chosen items only (nothing is sent to the site)",
    caller: "site",
    body: refreshItemIdsSchema,
    responses: {
      200: ok("The scores before, with every item, and with the chosen items.", refreshScoresSchema),
      ...siteErrors(400, 404),
    },
  },
  publishRefresh: {
    method: "POST",
    path: "/refreshes/:id/publish",
    summary:
      "Publish the chosen items in place: the same WordPress post (same id and address), one revision keeping the previous version",
    caller: "site",
    body: refreshItemIdsSchema,
    responses: {
      200: ok("The refresh as published.", refreshViewSchema),
      ...siteErrors(400, 404),
      409: {
        description:
          "The post changed on the site since the proposal (propose again), or this refresh was already published.",
        schema: apiErrorSchema,
      },
      ...siteUnreachable,
    },
  },
  restoreRefresh: {
    method: "POST",
    path: "/refreshes/:id/restore",
    summary: "Put the post back as it was before the refresh was published (in place, as one more update)",
    caller: "site",
    responses: {
      200: ok("The refresh, restored.", refreshViewSchema),
      ...siteErrors(404),
      409: {
        description: "Nothing to restore (not published, or restored already), or the post changed on the site since.",
        schema: apiErrorSchema,
      },
      ...siteUnreachable,
    },
  },
  getSearchConsole: {
    method: "GET",
    path: "/search-console",
    summary: "Search Console for this site: configured on the service, and the connection (state, property, last read)",
    caller: "site",
    responses: { 200: searchConsoleStatus, ...siteErrors() },
  },
  startSearchConsoleConnect: {
    method: "POST",
    path: "/search-console/connect",
    summary:
      "Connect Search Console for this site: the address of Google's consent screen, its state bound to this site (encrypted, valid 15 minutes, used once); Google's answer comes back to the service, which completes the connection without a Postwright session in the browser and sends it on to returnUrl (on the site's own origin) with search_console=connected or search_console_error=<message>",
    caller: "site",
    body: pluginSearchConsoleConnectSchema,
    responses: {
      200: ok("Where to send the browser.", searchConsoleAuthorizeUrlSchema),
      ...siteErrors(400),
      409: { description: "This site's connection is turned off on the service.", schema: apiErrorSchema },
      503: {
        description: "Search Console is not set up on the service (no Google OAuth client).",
        schema: apiErrorSchema,
      },
    },
  },
  chooseSearchConsoleProperty: {
    method: "PUT",
    path: "/search-console/property",
    summary: "Choose which of the Google account's Search Console properties is read for this site; it is read at once",
    caller: "site",
    body: searchConsoleChoosePropertySchema,
    responses: { 200: searchConsoleStatus, ...siteErrors(400, 404) },
  },
  disconnectSearchConsole: {
    method: "DELETE",
    path: "/search-console",
    summary: "Disconnect Search Console from this site: the tokens are revoked at Google and deleted, with the figures",
    caller: "site",
    responses: { 200: searchConsoleStatus, ...siteErrors() },
  },
  listSearchConsoleIdeas: {
    method: "GET",
    path: "/search-console/ideas",
    summary:
      "Queries people saw this site for that no page answers yet, the most seen first (at most 20), each a title with its keyword, figures and notes for a content plan",
    caller: "site",
    responses: { 200: ok("The ideas (empty without Search Console).", searchConsoleIdeasSchema), ...siteErrors() },
  },
  getVoice: {
    method: "GET",
    path: "/voice",
    summary: "This site's voice (or null), in plain words with an example paragraph, and the presets",
    caller: "site",
    responses: {
      200: ok("This site's voice and the presets to start from.", pluginSiteVoiceResponseSchema),
      ...siteErrors(404),
    },
  },
  deriveVoice: {
    method: "POST",
    path: "/voice/derive",
    summary: "Read this site's voice from its 20 most recent published posts, and keep it",
    caller: "site",
    responses: {
      200: ok("The voice read from the site's posts.", siteVoiceSchema),
      ...siteErrors(404),
      409: {
        description: "The site has no published posts yet: message points to the presets.",
        schema: apiErrorSchema,
      },
      502: {
        description: "The site's posts could not be read (code site_unreadable; message gives the reason).",
        schema: apiErrorSchema,
      },
    },
  },
  saveVoice: {
    method: "PUT",
    path: "/voice",
    summary: "Start this site's voice from a preset ({ preset }), or save the owner's edits ({ voice })",
    caller: "site",
    body: pluginSaveVoiceRequestSchema,
    responses: { 200: ok("The voice as saved.", siteVoiceSchema), ...siteErrors(400, 404) },
  },
} as const satisfies Record<string, RouteContract>;

export type ApiV1Contract = typeof apiV1Contract;
