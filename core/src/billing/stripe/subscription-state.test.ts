import type Stripe from "stripe";
import { describe, expect, it } from "vitest";
import { subscriptionStateFromStripe } from "./subscription-state.ts";

const start = Date.UTC(2026, 10, 1) / 1000;
const end = Date.UTC(2026, 11, 1) / 1000;
const subscription = (fields: Partial<Stripe.Subscription>): Stripe.Subscription =>
  ({
    id: "sub_1",
    customer: "cus_1",
    status: "active",
    cancel_at_period_end: false,
    cancel_at: null,
    trial_end: null,
    items: {
      object: "list",
      has_more: false,
      url: "",
      data: [{ current_period_start: start, current_period_end: end, price: { id: "price_1", recurring: { interval: "year" } } }],
    },
    ...fields,
  }) as unknown as Stripe.Subscription;

describe("Stripe subscription status in Postwright's terms", () => {
  it("maps trialing and active to active until the period end, and a pending cancellation to cancelled", () => {
    expect(subscriptionStateFromStripe(subscription({ status: "trialing" }), "starter")).toEqual({
      subscriptionId: "sub_1",
      customerId: "cus_1",
      plan: "starter",
      interval: "year",
      status: "active",
      endDate: new Date(end * 1000),
      live: true,
    });
    expect(subscriptionStateFromStripe(subscription({ cancel_at_period_end: true, cancel_at: end }), "starter")).toMatchObject({
      status: "cancelled",
      endDate: new Date(end * 1000),
    });
  });

  it("maps past_due, unpaid and paused to past_due from the end of the last paid period", () => {
    for (const status of ["past_due", "unpaid", "paused"] as const) {
      expect(subscriptionStateFromStripe(subscription({ status }), "professional")).toMatchObject({
        status: "past_due",
        endDate: new Date(start * 1000),
        live: true,
      });
    }
  });

  it("ends canceled subscriptions and waits on incomplete ones", () => {
    expect(subscriptionStateFromStripe(subscription({ status: "canceled" }), "starter")).toMatchObject({ status: "free", live: false, endDate: null });
    expect(subscriptionStateFromStripe(subscription({ status: "incomplete_expired" }), "starter")).toMatchObject({ live: false });
    expect(subscriptionStateFromStripe(subscription({ status: "incomplete" }), "starter")).toBeNull();
  });
});
