import type { Prisma } from "../db/client.ts";
import { notFound } from "../errors/index.ts";
import { toSessionHandle } from "./session-handle.ts";

export const sessionNotFoundMessage = "That session has already ended. Reload the page to see your current sessions.";

/**
 * Ends one of the user's sessions, named by its handle (see listSessions). The row is deleted; its table's trigger
 * tells every app instance, which drops it from memory, so the session stops working everywhere at once.
 */
export async function endSession(
  deps: { prisma: Prisma },
  input: { userId: number; sessionId: string },
): Promise<void> {
  const rows = await deps.prisma.session.findMany({ where: { userId: input.userId }, select: { sid: true } });
  const match = rows.find((row) => toSessionHandle(row.sid) === input.sessionId);
  if (!match) throw notFound(sessionNotFoundMessage);
  await deps.prisma.session.deleteMany({ where: { sid: match.sid, userId: input.userId } });
}
