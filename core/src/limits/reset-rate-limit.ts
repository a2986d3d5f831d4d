import type { Prisma } from "../db/client.ts";

/** Forgets every hit of a key (e.g. the failures of an account once its owner signed in). */
export async function resetRateLimit(deps: { prisma: Prisma }, key: string): Promise<void> {
  await deps.prisma.rateLimit.deleteMany({ where: { key } });
}
