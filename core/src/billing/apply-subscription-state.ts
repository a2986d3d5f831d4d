// Writes a provider's subscription state onto the user, whoever reports it first (the success page or a webhook)
// and however often. Three guards keep late or foreign reports from undoing newer state:
// - ordering: custom_users.billingEventAt holds the moment the applied state was read from the provider; a state
//   read earlier than that is dropped ("stale"). Providers re-read the subscription before applying it, so the
//   newest read always wins, whatever order the events arrived in.
// - ownership: a state for another customer than the user's is refused.
// - replacement: only a completed checkout may put a different subscription on the user. Other reports about a
//   subscription that is not the user's current one are ignored, unless the current one has ended and the new one
//   is live (the checkout confirmation was lost). A checkout that replaces a live subscription reports it, so the
//   provider can cancel it and the user does not pay twice.
import type { Prisma, PrismaNamespace } from "../db/client.ts";
import { statusOrFree } from "./entitlements.ts";
import type { SubscriptionState } from "./provider.ts";

export type StateSource = "checkout" | "event" | "action";

export interface ApplyStateInput {
  userId: number;
  state: SubscriptionState;
  /** When the state was read from the provider. */
  observedAt: Date;
  source: StateSource;
}

export interface ApplyStateResult {
  applied: boolean;
  reason?: "unknown-user" | "other-customer" | "stale" | "other-subscription";
  /** The live subscription this one replaced (a new checkout); the caller should cancel it at the provider. */
  replacedSubscriptionId: string | null;
}

export function applySubscriptionState({ prisma }: { prisma: Prisma }, input: ApplyStateInput): Promise<ApplyStateResult> {
  return prisma.$transaction((tx) => applySubscriptionStateInTransaction(tx, input));
}

/** The same, inside a caller's transaction (a webhook records its event id in the same transaction). */
export async function applySubscriptionStateInTransaction(
  tx: PrismaNamespace.TransactionClient,
  { userId, state, observedAt, source }: ApplyStateInput,
): Promise<ApplyStateResult> {
  // Serialises concurrent reports for the same user: a second one waits here, then sees the first one's write.
  await tx.$queryRaw`SELECT id FROM "custom_users" WHERE id = ${userId} FOR UPDATE`;
  const user = await tx.user.findUnique({ where: { id: userId } });
  const refused = (reason: ApplyStateResult["reason"]): ApplyStateResult => ({ applied: false, reason, replacedSubscriptionId: null });
  if (!user) return refused("unknown-user");
  if (user.stripeCustomerId && state.customerId && user.stripeCustomerId !== state.customerId) return refused("other-customer");
  if (user.billingEventAt && observedAt < user.billingEventAt) return refused("stale");

  const current = user.stripeSubscriptionId;
  const currentIsLive = statusOrFree(user.subscriptionStatus) !== "free" && user.subscriptionPlan !== "free";
  let replacedSubscriptionId: string | null = null;
  if (current && current !== state.subscriptionId) {
    const takesOver = state.live && (source === "checkout" || !currentIsLive);
    if (!takesOver) return refused("other-subscription");
    if (currentIsLive) replacedSubscriptionId = current;
  }

  await tx.user.update({
    where: { id: userId },
    data: {
      stripeSubscriptionId: state.subscriptionId,
      stripeCustomerId: user.stripeCustomerId ?? state.customerId,
      subscriptionPlan: state.live ? (state.plan ?? user.subscriptionPlan) : "free",
      subscriptionStatus: state.live ? state.status : "free",
      subscriptionEndDate: state.live ? state.endDate : null,
      subscriptionInterval: state.live ? state.interval : null,
      billingEventAt: observedAt,
    },
  });
  return { applied: true, replacedSubscriptionId };
}
