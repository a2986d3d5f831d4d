// Search Console on "Your posts": connecting a Google account (OAuth 2.0, read-only), where Google sends the browser
// back, the connection's state, choosing the property read for the site, disconnecting, and the ideas its queries give.
// Each of the member's sites has its own connection: every route is for the site in question (?platform or the body's
// platform: the member's site on that platform; without it, the first connected, as "Your posts" picks it).
import type { RouteContract } from "../api-v1.ts";
import {
  memberSearchConsoleChoosePropertySchema,
  searchConsoleAuthorizeUrlSchema,
  searchConsoleCallbackSchema,
  searchConsoleConnectSchema,
  searchConsoleIdeasSchema,
  searchConsoleSiteQuerySchema,
  searchConsoleStatusSchema,
} from "../search-console.ts";
import { badRequest, ok, otherSite, refusal, signedOut, tooLarge } from "./answers.ts";

const status = ok(
  "Whether this server can connect Search Console, and the site's connection (null when it has none).",
  searchConsoleStatusSchema,
);

export const searchConsoleRoutes = {
  getSearchConsole: {
    method: "GET",
    path: "/search-console",
    summary:
      "Search Console for the member's site (?platform, else the first connected): configured on this server, and that site's connection (state, property, properties, last read)",
    caller: "user",
    query: searchConsoleSiteQuerySchema,
    responses: { 200: status, 400: badRequest("A platform other than shopify or wordpress."), 401: signedOut },
  },
  startSearchConsoleConnect: {
    method: "POST",
    path: "/search-console/connect",
    summary:
      "Connect Search Console for the member's site (platform, else the first connected): the address of Google's consent screen (read-only scope, offline access, PKCE, an opaque state bound to the member and the site). The member's other sites keep their own connections",
    caller: "user",
    body: searchConsoleConnectSchema,
    responses: {
      200: ok("Where to send the browser.", searchConsoleAuthorizeUrlSchema),
      400: badRequest("Bad input: message says what to fix."),
      401: signedOut,
      403: otherSite,
      409: refusal("No store or site is connected yet: message says to connect one first."),
      413: tooLarge,
      503: refusal("Search Console is not set up on this server (no GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET)."),
    },
  },
  completeSearchConsoleConnect: {
    method: "GET",
    path: "/search-console/callback",
    summary:
      "Where Google sends the browser back after consent (code and state, or error): the tokens are stored encrypted and the figures read, and the browser goes on to Your posts (or, for a connect the WordPress plugin started, to the plugin's page). A member's connect needs that member's session; the plugin's is bound to its site and needs none. Each approval completes once",
    caller: "none",
    query: searchConsoleCallbackSchema,
    responses: {
      303: ok(
        "Always, to /your-posts (or the plugin's page the connect named): ?search_console=connected, or ?search_console_error= with the reason (signed out, refused, expired, already used, or Google unreachable).",
        null,
      ),
    },
  },
  chooseSearchConsoleProperty: {
    method: "PUT",
    path: "/search-console/property",
    summary:
      "Choose which of the account's Search Console properties is read for the member's site (platform, else the first connected); it is read at once",
    caller: "user",
    body: memberSearchConsoleChoosePropertySchema,
    responses: {
      200: status,
      400: badRequest("Not one of the account's readable properties: message says so."),
      401: signedOut,
      403: otherSite,
      404: refusal("Search Console is not connected for that site."),
      413: tooLarge,
    },
  },
  disconnectSearchConsole: {
    method: "DELETE",
    path: "/search-console",
    summary:
      "Disconnect Search Console from the member's site (?platform, else the first connected): its tokens are deleted with its figures, and revoked at Google unless another of the member's sites uses them; the other sites keep theirs",
    caller: "user",
    query: searchConsoleSiteQuerySchema,
    responses: {
      200: status,
      400: badRequest("A platform other than shopify or wordpress."),
      401: signedOut,
      403: otherSite,
    },
  },
  listSearchConsoleIdeas: {
    method: "GET",
    path: "/search-console/ideas",
    summary:
      "Queries people saw the member's site (?platform, else the first connected) for that no page answers yet, the most seen first (at most 20), each a title with its keyword, figures and notes for a content plan",
    caller: "user",
    query: searchConsoleSiteQuerySchema,
    responses: {
      200: ok("The ideas (empty without Search Console for that site).", searchConsoleIdeasSchema),
      400: badRequest("A platform other than shopify or wordpress."),
      401: signedOut,
    },
  },
} as const satisfies Record<string, RouteContract>;
