import { getEntitlements } from "../billing/index.ts";
import type { Platform } from "../contracts/blog.ts";
import { forbidden } from "../errors/index.ts";
import { assertPlatformsConnected } from "./assert-platforms-connected.ts";
import type { ConnectionDeps } from "./types.ts";

import { SCHEDULING_NOT_INCLUDED } from "../contracts/billing.ts";

export { SCHEDULING_NOT_INCLUDED };

/** schedulePost's entitlement check: the plan includes scheduling (403 otherwise) and each platform is connected. */
export async function assertCanSchedule(
  deps: Pick<ConnectionDeps, "prisma">,
  userId: number,
  platforms: readonly Platform[],
): Promise<void> {
  const entitlements = await getEntitlements({ prisma: deps.prisma }, userId);
  if (!entitlements.canSchedule) throw forbidden(SCHEDULING_NOT_INCLUDED, { details: { plan: entitlements.plan } });
  await assertPlatformsConnected(deps, userId, platforms);
}
