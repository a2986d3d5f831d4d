// Stripe's notifications (renewals, failed payments, cancellations made in the billing portal). Mounted before JSON
// parsing, sessions and the same-origin guard: the signature is computed over the exact bytes Stripe sent, and the
// sender is Stripe, not a browser. The provider verifies the signature (400 when it does not match) and applies each
// event once, so Stripe's retries and replays change nothing.
import express, { Router } from "express";
import type { ServerContext } from "../context.ts";

export const STRIPE_WEBHOOK_PATH = "/stripe/webhook";

export function createStripeWebhookRouter(ctx: ServerContext): Router {
  const router = Router();
  router.post(STRIPE_WEBHOOK_PATH, express.raw({ type: () => true, limit: "1mb" }), async (req, res) => {
    const rawBody = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    const result = await ctx.billing.handleWebhook(rawBody, req.get("stripe-signature"));
    ctx.logger.info(
      { eventId: result.eventId, eventType: result.type, outcome: result.outcome },
      "Stripe event received",
    );
    res.json({ received: true, outcome: result.outcome });
  });
  return router;
}
