// What the Postwright plugin shows on its page: the connected site, the account's plan, this month's posts and
// whether the plan schedules, from the same entitlements every surface reads.
import type { SiteResponse } from "../../contracts/wordpress-plugin.ts";
import { catalogPlan, getEntitlements } from "../../billing/index.ts";
import type { Prisma } from "../../db/index.ts";
import type { SiteIdentity } from "./authenticate-site-credential.ts";
import { siteDisplayName } from "../site-display-name.ts";

export async function describePluginSite(
  deps: { prisma: Prisma; upgradeUrl: string; now?: () => Date },
  site: SiteIdentity,
): Promise<SiteResponse> {
  const now = deps.now?.() ?? new Date();
  const [entitlements, user, connection] = await Promise.all([
    getEntitlements({ prisma: deps.prisma }, site.userId, now),
    deps.prisma.user.findUniqueOrThrow({ where: { id: site.userId }, select: { email: true } }),
    deps.prisma.wordpressConnection.findFirst({
      where: { id: site.connectionId, userId: site.userId },
      select: { siteName: true },
    }),
  ]);
  return {
    site: {
      id: site.siteId,
      name: siteDisplayName(connection?.siteName, site.siteUrl),
      siteUrl: site.siteUrl,
      connectedAt: site.connectedAt.toISOString(),
    },
    account: {
      email: user.email,
      plan: { id: entitlements.plan, name: catalogPlan(entitlements.plan).displayName },
      usage: {
        postsUsed: entitlements.postsUsedThisMonth,
        postsLimit: entitlements.blogPostLimit,
        postsLeft: entitlements.usageRemaining,
      },
      canSchedule: entitlements.canSchedule,
    },
    upgradeUrl: deps.upgradeUrl,
  };
}
