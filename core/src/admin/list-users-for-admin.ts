import type { AdminUserRow } from "../contracts/billing.ts";
import type { Prisma } from "../db/client.ts";
import { computeEntitlements, statusOrFree } from "../billing/entitlements.ts";
import { planOrFree } from "../billing/plans.ts";
import { usagePeriod } from "../billing/usage-period.ts";

/**
 * GET /api/admin/users: every user with the plan and status on record, posts generated this month (blogsUsed),
 * the monthly limit that applies now (maxBlogs, -1 unlimited) and the end of the current period.
 */
export async function listUsersForAdmin({ prisma }: { prisma: Prisma }, now = new Date()): Promise<AdminUserRow[]> {
  const { monthYear } = usagePeriod(now);
  const [users, usage] = await Promise.all([
    prisma.user.findMany({
      orderBy: { id: "asc" },
      select: {
        id: true,
        email: true,
        firstName: true,
        lastName: true,
        createdAt: true,
        subscriptionPlan: true,
        subscriptionStatus: true,
        subscriptionEndDate: true,
      },
    }),
    prisma.userUsage.findMany({ where: { monthYear } }),
  ]);
  const usageByUser = new Map(usage.map((row) => [row.userId, row]));
  return users.map((user) => {
    const entitlements = computeEntitlements(user, usageByUser.get(user.id) ?? null, now);
    return {
      id: user.id,
      email: user.email,
      firstName: user.firstName,
      lastName: user.lastName,
      planName: planOrFree(user.subscriptionPlan),
      status: statusOrFree(user.subscriptionStatus),
      blogsUsed: entitlements.postsUsedThisMonth,
      maxBlogs: entitlements.blogPostLimit,
      createdAt: user.createdAt.toISOString(),
      currentPeriodEnd: user.subscriptionEndDate?.toISOString() ?? null,
    };
  });
}
