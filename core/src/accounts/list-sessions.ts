import type { SessionView } from "../contracts/account.ts";
import type { Prisma } from "../db/client.ts";
import { toSessionHandle } from "./session-handle.ts";

/** The user's live sessions, most recently used first; the one making the request is marked current. */
export async function listSessions(
  deps: { prisma: Prisma; now?: () => Date },
  input: { userId: number; currentSid: string | undefined },
): Promise<SessionView[]> {
  const now = deps.now ? deps.now() : new Date();
  const rows = await deps.prisma.session.findMany({
    where: { userId: input.userId, expire: { gt: now } },
    orderBy: { lastSeenAt: "desc" },
    select: {
      sid: true,
      userAgent: true,
      ipAddress: true,
      createdAt: true,
      signedInAt: true,
      lastSeenAt: true,
      expire: true,
    },
  });
  return rows.map((row) => ({
    id: toSessionHandle(row.sid),
    userAgent: row.userAgent,
    ipAddress: row.ipAddress,
    createdAt: (row.signedInAt ?? row.createdAt).toISOString(),
    lastSeenAt: row.lastSeenAt.toISOString(),
    expiresAt: row.expire.toISOString(),
    current: row.sid === input.currentSid,
  }));
}
