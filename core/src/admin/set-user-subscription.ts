// POST /api/admin/set-subscription. The administrator's change is stored as chosen and written to admin_audit_log
// (who, when, before and after) in the same transaction. It changes Postwright's records only: a subscription at
// the payment provider is not touched, and its next event (a renewal, a cancellation) takes precedence again.
// Entitlements follow the usual rules: a cancelled or past-due plan without an end date grants nothing.
import { adminSetSubscriptionSchema } from "../contracts/billing.ts";
import type { Prisma } from "../db/client.ts";
import { badRequest, notFound } from "../errors/index.ts";
import { catalogPlan } from "../billing/plans.ts";

export interface SetUserSubscriptionInput {
  adminUserId: number;
  userId: unknown;
  planName: unknown;
  status: unknown;
}

export async function setUserSubscription(
  { prisma }: { prisma: Prisma },
  input: SetUserSubscriptionInput,
  now = new Date(),
): Promise<{ message: string }> {
  const parsed = adminSetSubscriptionSchema.safeParse(input);
  if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? "Please select user, plan, and status");
  const { userId, planName, status } = parsed.data;

  const email = await prisma.$transaction(async (tx) => {
    const before = await tx.user.findUnique({
      where: { id: userId },
      select: { email: true, subscriptionPlan: true, subscriptionStatus: true, subscriptionEndDate: true },
    });
    if (!before) throw notFound("That user no longer exists.");
    // billingEventAt: a payment-provider state read before this change must not overwrite it.
    await tx.user.update({
      where: { id: userId },
      data: { subscriptionPlan: planName, subscriptionStatus: status, billingEventAt: now },
    });
    await tx.adminAuditLog.create({
      data: {
        adminUserId: input.adminUserId,
        targetUserId: userId,
        action: "set_subscription",
        createdAt: now,
        details: {
          before: { planName: before.subscriptionPlan, status: before.subscriptionStatus },
          after: { planName, status },
          subscriptionEndDate: before.subscriptionEndDate?.toISOString() ?? null,
        },
      },
    });
    return before.email;
  });
  return { message: `${email} is now on the ${catalogPlan(planName).displayName} plan (${status.replace("_", " ")}).` };
}
