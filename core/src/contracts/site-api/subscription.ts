// Plans, the member's subscription and payments (through the payment provider, Stripe).
import { z } from "zod";
import type { RouteContract } from "../api-v1.ts";
import {
  billingPortalAnswerSchema,
  checkoutAnswerSchema,
  checkoutSchema,
  checkoutSuccessSchema,
  currentSubscriptionSchema,
  planViewSchema,
  subscriptionDetailsSchema,
} from "../billing.ts";
import { badRequest, ok, otherSite, refusal, signedOut, tooLarge } from "./answers.ts";

const noAccount = refusal("The account could not be found (message asks to sign in again).");
const details = ok("The subscription as it now stands, with this month's usage.", subscriptionDetailsSchema);
/** What every call to the payment provider may answer. */
const payments = {
  401: signedOut,
  403: otherSite,
  502: refusal("The payment service could not complete the request."),
  503: refusal("Payments are not configured on this site."),
} as const;

export const subscriptionRoutes = {
  listPlans: {
    method: "GET",
    path: "/subscription/plans",
    summary: "The plans on offer (public)",
    caller: "none",
    responses: { 200: ok("The active plans, free first.", z.array(planViewSchema)) },
  },
  getCurrentSubscription: {
    method: "GET",
    path: "/subscription/current",
    summary: "The member's plan and status",
    caller: "user",
    responses: { 200: ok("The plan, its status and end.", currentSubscriptionSchema), 401: signedOut, 404: noAccount },
  },
  getSubscriptionDetails: {
    method: "GET",
    path: "/subscription/details",
    summary: "The member's plan, what it allows, and this month's usage",
    caller: "user",
    responses: { 200: details, 401: signedOut, 404: noAccount },
  },
  startCheckout: {
    method: "POST",
    path: "/subscription/checkout",
    summary: "Choose a plan: a paid one answers the payment page's url, the free one switches at once and answers {}",
    caller: "user",
    body: checkoutSchema,
    responses: {
      200: ok("url: the payment page to send the member to; none for the free plan.", checkoutAnswerSchema),
      400: badRequest("Bad input, or a plan that cannot be bought here (Enterprise is arranged with sales)."),
      413: tooLarge,
      ...payments,
      404: refusal("No such plan on offer, or the account could not be found."),
    },
  },
  activateCheckout: {
    method: "POST",
    path: "/subscription/success",
    summary: "After the payment page: activate the plan paid for in that checkout",
    caller: "user",
    body: checkoutSuccessSchema,
    responses: {
      200: details,
      400: badRequest("Bad input, or a checkout expired or not paid yet."),
      413: tooLarge,
      ...payments,
      404: refusal("Not a checkout of this account."),
      409: refusal("The payment is still being processed: try again shortly."),
    },
  },
  cancelSubscription: {
    method: "POST",
    path: "/subscription/cancel",
    summary: "Cancel the paid subscription at the end of the period paid for",
    caller: "user",
    responses: {
      200: details,
      400: badRequest("No active paid subscription to cancel."),
      ...payments,
      404: noAccount,
    },
  },
  reactivateSubscription: {
    method: "POST",
    path: "/subscription/reactivate",
    summary: "Undo a cancellation before the period ends",
    caller: "user",
    responses: {
      200: details,
      400: badRequest("The subscription is not cancelled, or has already ended."),
      ...payments,
      404: noAccount,
    },
  },
  openBillingPortal: {
    method: "POST",
    path: "/subscription/billing-portal",
    summary: "The payment provider's billing page for the member (invoices, card)",
    caller: "user",
    responses: {
      200: ok("url: the billing page.", billingPortalAnswerSchema),
      400: badRequest("No billing account yet (choose a paid plan first)."),
      ...payments,
      404: noAccount,
    },
  },
} as const satisfies Record<string, RouteContract>;
