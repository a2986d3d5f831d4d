import type { Prisma } from "../db/client.ts";

/** Deletes the counters whose window has ended (they would start again at 1 anyway). Returns how many went. */
export async function pruneRateLimits(deps: { prisma: Prisma }): Promise<number> {
  return deps.prisma.$executeRaw`DELETE FROM "rate_limits" WHERE "resetAt" <= (clock_timestamp() AT TIME ZONE 'UTC')`;
}
