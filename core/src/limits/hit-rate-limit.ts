import type { Prisma } from "../db/client.ts";

export interface RateLimitCount {
  /** Hits counted in the current window, this one included. */
  hits: number;
  /** When the window ends and the count starts again. */
  resetAt: Date;
}

/**
 * Counts one hit against a limit's key (for example "login-ip:203.0.113.7") in a fixed window of windowMs, in one
 * atomic statement on the shared database, so every instance and process sees the same count and a restart keeps it.
 * A key whose window has ended starts again at 1.
 */
export async function hitRateLimit(deps: { prisma: Prisma }, input: { key: string; windowMs: number }): Promise<RateLimitCount> {
  const windowMs = Math.max(1, Math.round(input.windowMs));
  const rows = await deps.prisma.$queryRaw<Array<{ hits: number; resetAt: Date }>>`
    INSERT INTO "rate_limits" ("key", "hits", "resetAt")
    VALUES (${input.key}, 1, (clock_timestamp() AT TIME ZONE 'UTC') + make_interval(secs => ${windowMs}::double precision / 1000))
    ON CONFLICT ("key") DO UPDATE SET
      "hits" = CASE WHEN "rate_limits"."resetAt" <= (clock_timestamp() AT TIME ZONE 'UTC') THEN 1 ELSE "rate_limits"."hits" + 1 END,
      "resetAt" = CASE WHEN "rate_limits"."resetAt" <= (clock_timestamp() AT TIME ZONE 'UTC') THEN EXCLUDED."resetAt" ELSE "rate_limits"."resetAt" END
    RETURNING "hits", "resetAt"`;
  const row = rows[0]!;
  return { hits: Number(row.hits), resetAt: new Date(row.resetAt) };
}
