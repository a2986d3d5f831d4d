import type { Prisma } from "../db/client.ts";

/** The hits counted against a key in its current window, without counting one more (0 when none). */
export async function countRateLimitHits(deps: { prisma: Prisma }, key: string): Promise<number> {
  const rows = await deps.prisma.$queryRaw<Array<{ hits: number }>>`
    SELECT "hits" FROM "rate_limits" WHERE "key" = ${key} AND "resetAt" > (clock_timestamp() AT TIME ZONE 'UTC')`;
  return rows[0] ? Number(rows[0].hits) : 0;
}
