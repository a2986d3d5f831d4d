// The approval screen of the Postwright plugin's "Connect to Postwright" (the client page /connect/wordpress): what
// approving would do, and the approval itself. The plugin then exchanges the one-time code at POST
// /api/v1/connect/exchange (the plugin API).
import type { RouteContract } from "../api-v1.ts";
import {
  wordpressConnectApprovalResponseSchema,
  wordpressConnectApprovalSchema,
  wordpressConnectPreviewResponseSchema,
  wordpressConnectPreviewSchema,
} from "../wordpress-plugin.ts";
import { badRequest, ok, otherSiteOr, refusal, signedOut, tooLarge, tooMany } from "./answers.ts";

const notValid = badRequest(
  "The link is not valid (an address missing, not HTTPS, or not on the site being connected): message says which.",
);
const planFull = "the plan connects no more WordPress sites";

export const wordpressPluginConnectRoutes = {
  previewWordpressPluginConnection: {
    method: "GET",
    path: "/connect/wordpress/preview",
    summary:
      "Before approving: the site asking (its addresses checked as the approval checks them), whether it is connected again, and the site a plan with one site would turn off",
    caller: "user",
    query: wordpressConnectPreviewSchema,
    responses: {
      200: ok("The site, reconnects, and the site it replaces (or null).", wordpressConnectPreviewResponseSchema),
      400: notValid,
      401: signedOut,
      403: refusal(`The ${planFull}.`),
    },
  },
  approveWordpressPluginConnection: {
    method: "POST",
    path: "/connect/wordpress/approve",
    summary:
      "Approve the connection: redirectUrl is the plugin's page with a one-time code and the state, for the plugin to exchange",
    caller: "user",
    body: wordpressConnectApprovalSchema,
    responses: {
      200: ok("Where to send the browser back to WordPress.", wordpressConnectApprovalResponseSchema),
      400: notValid,
      401: signedOut,
      403: otherSiteOr(planFull),
      413: tooLarge,
      429: tooMany("Too many approvals still waiting for their site (the last 10 minutes)."),
    },
  },
} as const satisfies Record<string, RouteContract>;
