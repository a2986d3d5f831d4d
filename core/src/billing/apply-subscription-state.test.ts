import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../testing/index.ts";
import { applySubscriptionState } from "./apply-subscription-state.ts";
import type { SubscriptionState } from "./provider.ts";

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db.close();
});

const periodEnd = new Date("2026-12-15T00:00:00Z");
const state = (overrides: Partial<SubscriptionState> = {}): SubscriptionState => ({
  subscriptionId: "sub_1",
  customerId: "cus_1",
  plan: "starter",
  interval: "month",
  status: "active",
  endDate: periodEnd,
  live: true,
  ...overrides,
});
const t = (minute: number) => new Date(Date.UTC(2026, 10, 15, 12, minute));
let seq = 0;
const makeUser = () => {
  seq += 1;
  return db.prisma.user.create({ data: { email: `apply${seq}@example.com`, password: "x", stripeCustomerId: `cus_${seq}` } });
};
const read = (id: number) => db.prisma.user.findUniqueOrThrow({ where: { id } });

describe("applying a provider's subscription state", () => {
  it("keeps the newest read: a state read before the applied one changes nothing", async () => {
    const user = await makeUser();
    const customerId = user.stripeCustomerId;
    const apply = (s: SubscriptionState, at: Date) =>
      applySubscriptionState({ prisma: db.prisma }, { userId: user.id, state: s, observedAt: at, source: "event" });
    expect(await apply(state({ customerId, status: "cancelled" }), t(10))).toMatchObject({ applied: true });
    expect(await apply(state({ customerId, status: "active" }), t(5))).toMatchObject({ applied: false, reason: "stale" });
    expect(await read(user.id)).toMatchObject({ subscriptionPlan: "starter", subscriptionStatus: "cancelled", subscriptionEndDate: periodEnd, billingEventAt: t(10) });
  });

  it("refuses a state that belongs to another customer", async () => {
    const user = await makeUser();
    const result = await applySubscriptionState(
      { prisma: db.prisma },
      { userId: user.id, state: state({ customerId: "cus_someone_else" }), observedAt: t(1), source: "checkout" },
    );
    expect(result).toMatchObject({ applied: false, reason: "other-customer" });
    expect((await read(user.id)).subscriptionPlan).toBe("free");
  });

  it("lets only a checkout replace a live subscription, and reports the replaced one", async () => {
    const user = await makeUser();
    const customerId = user.stripeCustomerId;
    const apply = (s: SubscriptionState, at: Date, source: "checkout" | "event") =>
      applySubscriptionState({ prisma: db.prisma }, { userId: user.id, state: s, observedAt: at, source });
    await apply(state({ customerId, subscriptionId: "sub_old" }), t(1), "event");
    expect(await apply(state({ customerId, subscriptionId: "sub_new", plan: "professional" }), t(2), "event")).toMatchObject({
      applied: false,
      reason: "other-subscription",
    });
    expect(await apply(state({ customerId, subscriptionId: "sub_new", plan: "professional" }), t(3), "checkout")).toEqual({
      applied: true,
      replacedSubscriptionId: "sub_old",
    });
    // The old subscription's end, reported later, does not touch the new one.
    expect(await apply(state({ customerId, subscriptionId: "sub_old", status: "free", live: false }), t(4), "event")).toMatchObject({
      applied: false,
    });
    expect(await read(user.id)).toMatchObject({ stripeSubscriptionId: "sub_new", subscriptionPlan: "professional", subscriptionStatus: "active" });
  });

  it("puts an ended subscription's user back on free", async () => {
    const user = await makeUser();
    const customerId = user.stripeCustomerId;
    await applySubscriptionState({ prisma: db.prisma }, { userId: user.id, state: state({ customerId }), observedAt: t(1), source: "checkout" });
    await applySubscriptionState(
      { prisma: db.prisma },
      { userId: user.id, state: state({ customerId, status: "free", live: false, endDate: null }), observedAt: t(2), source: "event" },
    );
    expect(await read(user.id)).toMatchObject({ subscriptionPlan: "free", subscriptionStatus: "free", subscriptionEndDate: null, stripeSubscriptionId: "sub_1" });
  });
});
