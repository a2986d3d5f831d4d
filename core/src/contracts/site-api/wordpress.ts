// The member's WordPress sites: the site in use, every saved site, checking an application password, saving,
// disconnecting, checking a site connected through the plugin, and "Connect with WordPress" (WordPress's Authorize
// Application screen, and the address WordPress sends the browser back to). The application password is checked
// against the site before it is saved, stored encrypted and never returned.
import { z } from "zod";
import type { RouteContract } from "../api-v1.ts";
import { accountMessageSchema } from "../account.ts";
import {
  wordpressAuthorizationCallbackSchema,
  wordpressAuthorizationStartSchema,
  wordpressAuthorizationUrlSchema,
  wordpressConnectionSchema,
  wordpressConnectionViewSchema,
  wordpressPluginCheckSchema,
  wordpressTestConnectionSchema,
  wordpressTestResultSchema,
} from "../connections.ts";
import { badRequest, ok, otherSite, otherSiteOr, refusal, signedOut, tooLarge, tooMany } from "./answers.ts";

const checks = tooMany("Too many connection checks by this member in a minute (20).");
const disconnected = ok("Disconnected; message says so.", accountMessageSchema);
const notAnId = badRequest("Not a connection id.");

export const wordpressRoutes = {
  getWordpressConnection: {
    method: "GET",
    path: "/wordpress/connection",
    summary: "The WordPress site in use",
    caller: "user",
    responses: {
      200: ok("The site, or null when none is connected.", wordpressConnectionViewSchema.nullable()),
      401: signedOut,
    },
  },
  listWordpressConnections: {
    method: "GET",
    path: "/wordpress/connections",
    summary: "Every saved WordPress site (several on Professional)",
    caller: "user",
    responses: { 200: ok("The sites.", z.array(wordpressConnectionViewSchema)), 401: signedOut },
  },
  testWordpressConnection: {
    method: "POST",
    path: "/wordpress/test-connection",
    summary: "Check a site address, username and application password",
    caller: "user",
    body: wordpressTestConnectionSchema,
    responses: {
      200: ok("valid, the WordPress user, and the reason when the site refuses.", wordpressTestResultSchema),
      400: badRequest("Bad input: message says what to fix."),
      401: signedOut,
      403: otherSite,
      413: tooLarge,
      429: checks,
    },
  },
  saveWordpressConnection: {
    method: "POST",
    path: "/wordpress/connection",
    summary: "Save a site (checked against WordPress first) as the site in use",
    caller: "user",
    body: wordpressConnectionSchema,
    responses: {
      200: ok("The site as saved.", wordpressConnectionViewSchema),
      400: badRequest("Bad input, or WordPress refused the address or password (message has its reason)."),
      401: signedOut,
      403: otherSiteOr("the plan connects no more sites"),
      413: tooLarge,
      429: checks,
    },
  },
  disconnectWordpress: {
    method: "DELETE",
    path: "/wordpress/connection",
    summary: "Disconnect the site in use",
    caller: "user",
    responses: { 200: disconnected, 401: signedOut, 403: otherSite, 404: refusal("No site is connected.") },
  },
  disconnectWordpressSite: {
    method: "DELETE",
    path: "/wordpress/connections/:id",
    summary: "Disconnect one saved site",
    caller: "user",
    responses: {
      200: disconnected,
      400: notAnId,
      401: signedOut,
      403: otherSite,
      404: refusal("No such site among the member's."),
    },
  },
  checkWordpressPluginSite: {
    method: "POST",
    path: "/wordpress/connections/:id/check",
    summary: "Check a site connected through the Postwright plugin (a signed ping to the plugin)",
    caller: "user",
    responses: {
      200: ok("valid, the plugin's version, and the reason when the site did not answer.", wordpressPluginCheckSchema),
      400: notAnId,
      401: signedOut,
      403: otherSite,
      404: refusal("The site is not connected through the Postwright plugin."),
      429: checks,
    },
  },
  startWordpressAuthorization: {
    method: "POST",
    path: "/wordpress/authorize",
    summary: "Connect with WordPress: the address of the site's Authorize Application screen, with a signed state",
    caller: "user",
    body: wordpressAuthorizationStartSchema,
    responses: {
      200: ok("Where to send the browser.", wordpressAuthorizationUrlSchema),
      400: badRequest("Bad input, or a site not served over HTTPS: message says what to fix."),
      401: signedOut,
      403: otherSite,
      413: tooLarge,
      429: checks,
    },
  },
  completeWordpressAuthorization: {
    method: "GET",
    path: "/wordpress/authorize/callback",
    summary:
      "Where WordPress sends the browser back after Authorize Application (site_url, user_login and password, or success=false): the site is saved, and the browser goes on to the dashboard",
    caller: "none",
    query: wordpressAuthorizationCallbackSchema,
    responses: {
      303: ok(
        "Always, to the dashboard (/): ?wordpress=connected, or ?wordpress_error= with the reason (signed out, rejected, a different site, or an answer that cannot be read).",
        null,
      ),
      429: checks,
    },
  },
} as const satisfies Record<string, RouteContract>;
