import type { Prisma } from "../db/client.ts";

/** Takes back one hit of a key's current window (a request that turned out not to count, e.g. a successful sign-in). */
export async function takeBackRateLimitHit(deps: { prisma: Prisma }, key: string): Promise<void> {
  await deps.prisma.$executeRaw`
    UPDATE "rate_limits" SET "hits" = "hits" - 1 WHERE "key" = ${key} AND "hits" > 0 AND "resetAt" > (clock_timestamp() AT TIME ZONE 'UTC')`;
}
