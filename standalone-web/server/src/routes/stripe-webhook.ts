// Stripe's notifications (renewals, failed payments, cancellations made in the billing portal). Mounted before JSON
// parsing, sessions and the same-origin guard: the signature is computed over the exact bytes Stripe sent, and the
// sender is Stripe, not a browser. The provider verifies the signature (400 when it does not match) and applies each
// event once, so Stripe's retries and replays change nothing. Declared in @postwright/core/contracts
// (site-api/service.ts).
import express, { type Router } from "express";
import { siteApiContract as contract } from "@postwright/core/contracts/site-api";
import type { ServerContext } from "../context.ts";
import { contractRouter } from "../http/contract-routes.ts";

export const STRIPE_WEBHOOK_PATH = contract.stripeWebhook.path;

export function createStripeWebhookRouter(ctx: ServerContext): Router {
  const { router, route } = contractRouter(ctx);
  route(
    contract.stripeWebhook,
    async ({ req }) => {
      const rawBody = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      const result = await ctx.billing.handleWebhook(rawBody, req.get("stripe-signature"));
      ctx.logger.info(
        { eventId: result.eventId, eventType: result.type, outcome: result.outcome },
        "Stripe event received",
      );
      return { status: 200, body: { received: true as const, outcome: result.outcome } };
    },
    [express.raw({ type: () => true, limit: "1mb" })],
  );
  return router;
}
