// Plans, the member's subscription and payments, implemented from their declarations (@postwright/core/contracts,
// site-api/subscription.ts). The rules live in @postwright/core/billing; the payment provider (Stripe, or a disabled
// one without STRIPE_SECRET_KEY) is the one in the server context.
import type { Router } from "express";
import {
  activateCheckout,
  cancelSubscription,
  getSubscriptionDetails,
  listPlans,
  openBillingPortal,
  reactivateSubscription,
  startCheckout,
} from "@postwright/core/billing";
import { siteApiContract as contract } from "@postwright/core/contracts/site-api";
import type { ServerContext } from "../context.ts";
import { contractRouter } from "../http/contract-routes.ts";

export function createSubscriptionRouter(ctx: ServerContext): Router {
  const deps = { prisma: ctx.db.prisma, billing: ctx.billing };
  const { router, route } = contractRouter(ctx);

  route(contract.listPlans, async () => ({ status: 200, body: await listPlans(deps) }));

  route(contract.getCurrentSubscription, async ({ user }) => {
    const details = await getSubscriptionDetails(deps, user.id);
    return {
      status: 200,
      body: {
        subscriptionPlan: details.subscriptionPlan,
        subscriptionStatus: details.subscriptionStatus,
        subscriptionEndDate: details.subscriptionEndDate,
      },
    };
  });

  route(contract.getSubscriptionDetails, async ({ user }) => ({
    status: 200,
    body: await getSubscriptionDetails(deps, user.id),
  }));

  // A paid plan answers { url } (the payment page); the free plan answers {} once the switch is made.
  route(contract.startCheckout, async ({ user, body }) => ({
    status: 200,
    body: await startCheckout(deps, { userId: user.id, planId: body().planId }),
  }));

  route(contract.activateCheckout, async ({ user, body }) => ({
    status: 200,
    body: await activateCheckout(deps, { userId: user.id, sessionId: body().sessionId }),
  }));

  route(contract.cancelSubscription, async ({ user }) => ({
    status: 200,
    body: await cancelSubscription(deps, user.id),
  }));

  route(contract.reactivateSubscription, async ({ user }) => ({
    status: 200,
    body: await reactivateSubscription(deps, user.id),
  }));

  route(contract.openBillingPortal, async ({ user }) => ({
    status: 200,
    body: await openBillingPortal(deps, user.id),
  }));

  return router;
}
