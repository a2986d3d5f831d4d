import type { Prisma } from "../db/client.ts";

type SessionClient = Pick<Prisma, "session">;

/**
 * Ends every session of the user except `keepSid` (all of them without it): "Sign out everywhere", and what a
 * password change or reset does. Every app instance hears of each deleted row (see core/src/db/row-cache.ts).
 * Returns how many sessions ended.
 */
export async function endOtherSessions(
  deps: { prisma: SessionClient },
  input: { userId: number; keepSid?: string | undefined },
): Promise<number> {
  const { count } = await deps.prisma.session.deleteMany({
    where: { userId: input.userId, ...(input.keepSid ? { sid: { not: input.keepSid } } : {}) },
  });
  return count;
}
