import type { Prisma } from "../db/client.ts";
import { ABANDONED_REGISTRATION_DAYS } from "./verification-policy.ts";

/**
 * Deletes registrations abandoned long ago (their code expired over a week back), with the password hashes they
 * hold. Meant to run periodically; returns how many rows went.
 */
export async function pruneEmailVerifications(deps: { prisma: Prisma; now?: () => Date }): Promise<number> {
  const cutoff = new Date((deps.now ? deps.now() : new Date()).getTime() - ABANDONED_REGISTRATION_DAYS * 24 * 60 * 60_000);
  const { count } = await deps.prisma.emailVerification.deleteMany({ where: { expiresAt: { lt: cutoff } } });
  return count;
}
