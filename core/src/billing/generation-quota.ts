// The monthly generation quota, enforced race-free.
//
// A generation takes a reservation BEFORE any work starts: one conditional increment of this month's counter,
//   UPDATE user_usage SET blogPostsGenerated = blogPostsGenerated + 1
//   WHERE userId = $1 AND monthYear = $2 AND blogPostsGenerated < $limit
// PostgreSQL re-checks the WHERE against the latest row version after waiting for a concurrent writer, so two
// generations at 4/5 cannot both pass. If the generation then fails, releaseGeneration gives the slot back: a failed
// generation does not count against the quota. The reservation names its month, so a generation that started on
// the 31st and failed on the 1st is returned to the month that paid for it.
//
// Each reservation is also a row of generation_reservations with a lease (GENERATION_LEASE_MS), deleted when the
// generation ends. A process killed mid-generation (SIGKILL, a crash, a lost machine) never ends it: once the lease has
// passed, releaseExpiredGenerations (run by every instance's background work, and for the user at each new
// reservation) gives the slot back. A generation that outlives its lease and then stores its post is counted again.
import type { Prisma } from "../db/client.ts";
import { AppError } from "../errors/index.ts";
import { type Entitlements, getEntitlements } from "./entitlements.ts";
import { catalogPlan, UNLIMITED } from "./plans.ts";
import { usagePeriod } from "./usage-period.ts";
import { hitRateLimit } from "../limits/hit-rate-limit.ts";
import { takeBackRateLimitHit } from "../limits/take-back-rate-limit-hit.ts";
import { CONCURRENT_GENERATIONS, tooManyRunningMessage } from "./model-spend-limits.ts";

/** How long a generation may hold its reservation before it is presumed dead and released. */
export const GENERATION_LEASE_MS = 15 * 60_000;

export interface GenerationReservation {
  /** The reservation's row in generation_reservations. */
  id: number;
  userId: number;
  monthYear: string;
  /** Posts left this month after this one; -1 when unlimited. */
  usageRemaining: number;
}

export function limitExceededError(
  entitlements: Pick<Entitlements, "plan" | "blogPostLimit" | "usageResetsAt">,
): AppError {
  const { displayName } = catalogPlan(entitlements.plan);
  return new AppError(
    "FORBIDDEN",
    `Monthly blog post limit exceeded for the ${displayName} plan (${entitlements.blogPostLimit} posts). Upgrade to generate more.`,
    {
      details: {
        usageRemaining: 0,
        blogPostLimit: entitlements.blogPostLimit,
        plan: entitlements.plan,
        resetsAt: entitlements.usageResetsAt.toISOString(),
      },
    },
  );
}

/** Throws the limit error when no generation is left this month; takes nothing. For early checks and the UI. */
export async function assertCanGenerate(
  deps: { prisma: Prisma },
  userId: number,
  now = new Date(),
): Promise<Entitlements> {
  const entitlements = await getEntitlements(deps, userId, now);
  if (!entitlements.canGenerate) throw limitExceededError(entitlements);
  return entitlements;
}

/** Counts one generation against this month's quota, or throws FORBIDDEN ("... limit exceeded ...") when none is left. */
export async function reserveGeneration(
  { prisma }: { prisma: Prisma },
  userId: number,
  now = new Date(),
): Promise<GenerationReservation> {
  // Slots left behind by generations whose process died are given back first.
  await releaseExpiredGenerations({ prisma }, { userId });
  const entitlements = await getEntitlements({ prisma }, userId, now);
  const { monthYear, resetAt } = usagePeriod(now);
  const limit = entitlements.blogPostLimit;
  if (limit !== UNLIMITED && limit <= 0) throw limitExceededError(entitlements);
  // The count and its reservation row are written in one transaction: a process dying between them would otherwise
  // leave a count that no reservation could ever give back.
  return prisma.$transaction(async (tx) => {
    const take = () =>
      tx.userUsage.updateMany({
        where: { userId, monthYear, ...(limit === UNLIMITED ? {} : { blogPostsGenerated: { lt: limit } }) },
        data: { blogPostsGenerated: { increment: 1 } },
      });
    let taken = await take();
    if (taken.count === 0) {
      // No row yet this month (or the limit is reached): create the month's row if missing, then try once more.
      await tx.userUsage.createMany({ data: [{ userId, monthYear, resetAt }], skipDuplicates: true });
      taken = await take();
    }
    if (taken.count === 0) throw limitExceededError(entitlements);
    const { id } = await tx.generationReservation.create({
      data: { userId, monthYear, expiresAt: new Date(Date.now() + GENERATION_LEASE_MS) },
      select: { id: true },
    });
    if (limit === UNLIMITED) return { id, userId, monthYear, usageRemaining: UNLIMITED };
    const row = await tx.userUsage.findUnique({ where: { userId_monthYear: { userId, monthYear } } });
    return { id, userId, monthYear, usageRemaining: Math.max(0, limit - (row?.blogPostsGenerated ?? limit)) };
  });
}

/** Keeps a reservation's count once its post is stored. Counts it again when it had been released as expired. */
export async function completeGeneration(
  { prisma }: { prisma: Prisma },
  reservation: GenerationReservation,
): Promise<void> {
  const { count } = await prisma.generationReservation.deleteMany({
    where: { id: reservation.id, userId: reservation.userId },
  });
  if (count === 0) {
    await prisma.userUsage.updateMany({
      where: { userId: reservation.userId, monthYear: reservation.monthYear },
      data: { blogPostsGenerated: { increment: 1 } },
    });
  }
}

/**
 * Gives back the slots of reservations whose lease has passed (their process died mid-generation), all of them or
 * one user's, in one statement. Returns how many were released.
 */
export async function releaseExpiredGenerations(
  { prisma }: { prisma: Prisma },
  scope: { userId?: number } = {},
): Promise<number> {
  const userId = scope.userId ?? null;
  const rows = await prisma.$queryRaw<Array<{ released: bigint | number }>>`
    WITH gone AS (
      DELETE FROM "generation_reservations"
      WHERE "expiresAt" <= (clock_timestamp() AT TIME ZONE 'UTC') AND (${userId}::integer IS NULL OR "userId" = ${userId}::integer)
      RETURNING "userId", "monthYear"
    ), counts AS (
      SELECT "userId", "monthYear", count(*)::integer AS n FROM gone GROUP BY "userId", "monthYear"
    ), given AS (
      UPDATE "user_usage" u SET "blogPostsGenerated" = GREATEST(0, u."blogPostsGenerated" - c.n)
      FROM counts c WHERE u."userId" = c."userId" AND u."monthYear" = c."monthYear"
      RETURNING 1
    )
    SELECT (SELECT count(*) FROM gone) AS released`;
  return Number(rows[0]?.released ?? 0);
}

/** Gives a reservation back after a failed generation. Never takes the counter below zero. */
export async function releaseGeneration(
  { prisma }: { prisma: Prisma },
  reservation: GenerationReservation,
): Promise<void> {
  const { count } = await prisma.generationReservation.deleteMany({
    where: { id: reservation.id, userId: reservation.userId },
  });
  // Already released as expired: the count was given back then.
  if (count === 0) return;
  await prisma.userUsage.updateMany({
    where: { userId: reservation.userId, monthYear: reservation.monthYear, blogPostsGenerated: { gt: 0 } },
    data: { blogPostsGenerated: { decrement: 1 } },
  });
}

/** Runs a generation inside a reservation: the slot is returned if `generate` throws, and the error rethrown. */
export async function withGenerationQuota<T>(
  deps: { prisma: Prisma },
  userId: number,
  generate: (reservation: GenerationReservation) => Promise<T>,
  now = new Date(),
): Promise<{ result: T; reservation: GenerationReservation }> {
  // Generations running for this account, counted atomically in the shared database (the count lapses with the
  // lease, should a process die without taking its own back).
  const entitlements = await getEntitlements(deps, userId, now);
  const cap = CONCURRENT_GENERATIONS[entitlements.plan];
  const runningKey = `generations-running:${userId}`;
  const { hits } = await hitRateLimit(deps, { key: runningKey, windowMs: GENERATION_LEASE_MS });
  if (hits > cap) {
    await takeBackRateLimitHit(deps, runningKey);
    throw new AppError("RATE_LIMITED", tooManyRunningMessage(cap));
  }
  try {
    const reservation = await reserveGeneration(deps, userId, now);
    try {
      const result = await generate(reservation);
      await completeGeneration(deps, reservation);
      return { result, reservation };
    } catch (error) {
      await releaseGeneration(deps, reservation);
      throw error;
    }
  } finally {
    await takeBackRateLimitHit(deps, runningKey);
  }
}

/** Counts a publication in this month's usage (shown on the billing page; publications are not limited). */
export async function recordPublication(
  { prisma }: { prisma: Prisma },
  userId: number,
  now = new Date(),
): Promise<void> {
  await countPublications({ prisma }, [{ userId, at: now }]);
}

// Each month's row is created by its first count: one statement for any number of publications and users. Rows are
// written in (userId, monthYear) order, so two instances counting at once never deadlock. Times are passed as UTC ISO
// strings because the columns are timestamps without time zone holding UTC (as Prisma writes them).
const countPublicationsSql = `
INSERT INTO "user_usage" ("userId", "monthYear", "resetAt", "blogPostsPublished", "updatedAt")
SELECT v."userId", v."monthYear", (v."resetAt"::timestamptz AT TIME ZONE 'UTC'), v.count, ($2::timestamptz AT TIME ZONE 'UTC')
FROM jsonb_to_recordset($1::jsonb) AS v("userId" integer, "monthYear" text, "resetAt" text, count integer)
ORDER BY v."userId", v."monthYear"
ON CONFLICT ("userId", "monthYear") DO UPDATE
SET "blogPostsPublished" = "user_usage"."blogPostsPublished" + EXCLUDED."blogPostsPublished",
    "updatedAt" = EXCLUDED."updatedAt"`;

/** Counts publications, each in the usage of its user for the month it happened in, with one statement. */
export async function countPublications(
  { prisma }: { prisma: Prisma },
  publications: ReadonlyArray<{ userId: number; at: Date }>,
): Promise<void> {
  const rows = new Map<string, { userId: number; monthYear: string; resetAt: string; count: number }>();
  for (const { userId, at } of publications) {
    const { monthYear, resetAt } = usagePeriod(at);
    const key = `${userId} ${monthYear}`;
    const row = rows.get(key);
    if (row) row.count += 1;
    else rows.set(key, { userId, monthYear, resetAt: resetAt.toISOString(), count: 1 });
  }
  if (!rows.size) return;
  await prisma.$executeRawUnsafe(countPublicationsSql, JSON.stringify([...rows.values()]), new Date().toISOString());
}
