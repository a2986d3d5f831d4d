// What the site answers besides its members' resources: this API's own document, and Stripe's notifications.
import { z } from "zod";
import type { RouteContract } from "../api-v1.ts";
import { badRequest, ok, refusal } from "./answers.ts";

export const serviceRoutes = {
  openApi: {
    method: "GET",
    path: "/openapi.json",
    summary: "This document",
    caller: "none",
    responses: { 200: ok("The OpenAPI 3.1 document.", z.looseObject({ openapi: z.string() })) },
  },
  stripeWebhook: {
    method: "POST",
    path: "/stripe/webhook",
    summary: "Stripe's notifications (renewals, failed payments, cancellations made in the billing portal)",
    description:
      "Called by Stripe, not a browser: the body is the event as Stripe sent it, its signature in the Stripe-Signature header, checked over the exact bytes. Each event is applied once, so Stripe's retries and replays change nothing.",
    caller: "none",
    responses: {
      200: ok(
        "Received: outcome says whether the event was applied, had been applied before (duplicate), is not followed here (ignored), or was recorded but skipped.",
        z.object({ received: z.literal(true), outcome: z.enum(["applied", "duplicate", "ignored", "skipped"]) }),
      ),
      400: badRequest("The signature does not match the body."),
      404: refusal("Payments are not configured on this site."),
      413: refusal("The body is too large (over 1 MB)."),
    },
  },
} as const satisfies Record<string, RouteContract>;
