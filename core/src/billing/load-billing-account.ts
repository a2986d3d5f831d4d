import type { Prisma } from "../db/client.ts";
import { notFound } from "../errors/index.ts";
import type { BillingAccount } from "./provider.ts";

export async function loadBillingAccount(prisma: Prisma, userId: number): Promise<BillingAccount> {
  const user = await prisma.user.findUnique({
    where: { id: userId },
    select: {
      id: true,
      email: true,
      firstName: true,
      lastName: true,
      createdAt: true,
      stripeCustomerId: true,
      stripeSubscriptionId: true,
      subscriptionPlan: true,
      subscriptionStatus: true,
      subscriptionEndDate: true,
    },
  });
  if (!user) throw notFound("Your account could not be found. Please sign in again.");
  return user;
}
