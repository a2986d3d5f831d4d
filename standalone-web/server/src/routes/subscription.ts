// Plans, the member's subscription and payments. The rules live in @postwright/core/billing; the payment provider
// (Stripe, or a disabled one without STRIPE_SECRET_KEY) is the one in the server context.
import { Router } from "express";
import {
  activateCheckout,
  cancelSubscription,
  getSubscriptionDetails,
  listPlans,
  openBillingPortal,
  reactivateSubscription,
  startCheckout,
} from "@postwright/core/billing";
import { checkoutSchema, checkoutSuccessSchema } from "@postwright/core/contracts";
import { parseInput } from "@postwright/core/errors";
import type { ServerContext } from "../context.ts";
import { currentUser, requireUser } from "../http/auth.ts";

export function createSubscriptionRouter(ctx: ServerContext): Router {
  const deps = { prisma: ctx.db.prisma, billing: ctx.billing };
  const router = Router();

  router.get("/subscription/plans", async (_req, res) => {
    res.json(await listPlans(deps));
  });

  router.get("/subscription/current", requireUser, async (req, res) => {
    const details = await getSubscriptionDetails(deps, currentUser(req).id);
    res.json({
      subscriptionPlan: details.subscriptionPlan,
      subscriptionStatus: details.subscriptionStatus,
      subscriptionEndDate: details.subscriptionEndDate,
    });
  });

  router.get("/subscription/details", requireUser, async (req, res) => {
    res.json(await getSubscriptionDetails(deps, currentUser(req).id));
  });

  // A paid plan answers { url } (the payment page); the free plan answers {} once the switch is made.
  router.post("/subscription/checkout", requireUser, async (req, res) => {
    const { planId } = parseInput(checkoutSchema, req.body);
    res.json(await startCheckout(deps, { userId: currentUser(req).id, planId }));
  });

  router.post("/subscription/success", requireUser, async (req, res) => {
    const { sessionId } = parseInput(checkoutSuccessSchema, req.body);
    res.json(await activateCheckout(deps, { userId: currentUser(req).id, sessionId }));
  });

  router.post("/subscription/cancel", requireUser, async (req, res) => {
    res.json(await cancelSubscription(deps, currentUser(req).id));
  });

  router.post("/subscription/reactivate", requireUser, async (req, res) => {
    res.json(await reactivateSubscription(deps, currentUser(req).id));
  });

  router.post("/subscription/billing-portal", requireUser, async (req, res) => {
    res.json(await openBillingPortal(deps, currentUser(req).id));
  });

  return router;
}
