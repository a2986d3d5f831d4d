import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../testing/database.ts";
import { endOtherSessions } from "./end-other-sessions.ts";
import { endSession, sessionNotFoundMessage } from "./end-session.ts";
import { listSessions } from "./list-sessions.ts";
import { toSessionHandle } from "./session-handle.ts";

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db?.close();
});

let counter = 0;
async function userWith(sessions: { sid: string; lastSeenAt: Date; expire?: Date; userAgent?: string }[]) {
  const user = await db.prisma.user.create({ data: { email: `sessions-${++counter}@example.com`, password: "x" } });
  for (const s of sessions) {
    await db.prisma.session.create({
      data: {
        sid: s.sid,
        sess: { userId: user.id },
        userId: user.id,
        expire: s.expire ?? new Date(Date.now() + 86_400_000),
        signedInAt: new Date("2026-01-01T00:00:00Z"),
        lastSeenAt: s.lastSeenAt,
        userAgent: s.userAgent ?? null,
        ipAddress: "203.0.113.9",
      },
    });
  }
  return user;
}

describe("a user's sessions", () => {
  it("lists live ones, most recently used first, marks the current one and never shows a session id", async () => {
    const user = await userWith([
      { sid: "ls-old", lastSeenAt: new Date("2026-01-02T00:00:00Z"), userAgent: "Firefox" },
      { sid: "ls-new", lastSeenAt: new Date("2026-01-03T00:00:00Z"), userAgent: "Chrome" },
      { sid: "ls-expired", lastSeenAt: new Date("2026-01-04T00:00:00Z"), expire: new Date(Date.now() - 1000) },
    ]);
    const other = await userWith([{ sid: "ls-someone-else", lastSeenAt: new Date() }]);
    const list = await listSessions({ prisma: db.prisma }, { userId: user.id, currentSid: "ls-old" });
    expect(list.map((s) => [s.userAgent, s.current])).toEqual([
      ["Chrome", false],
      ["Firefox", true],
    ]);
    expect(list[0]).toMatchObject({
      ipAddress: "203.0.113.9",
      createdAt: "2026-01-01T00:00:00.000Z",
      lastSeenAt: "2026-01-03T00:00:00.000Z",
    });
    expect(JSON.stringify(list)).not.toContain("ls-");
    expect(list[0]!.id).toBe(toSessionHandle("ls-new"));
    expect(await listSessions({ prisma: db.prisma }, { userId: other.id, currentSid: undefined })).toHaveLength(1);
  });

  it("ends one session by its handle, and only the user's own", async () => {
    const user = await userWith([
      { sid: "es-a", lastSeenAt: new Date() },
      { sid: "es-b", lastSeenAt: new Date() },
    ]);
    const other = await userWith([{ sid: "es-other", lastSeenAt: new Date() }]);
    await expect(
      endSession({ prisma: db.prisma }, { userId: user.id, sessionId: toSessionHandle("es-other") }),
    ).rejects.toMatchObject({
      status: 404,
      message: sessionNotFoundMessage,
    });
    expect(await db.prisma.session.count({ where: { userId: other.id } })).toBe(1);
    await endSession({ prisma: db.prisma }, { userId: user.id, sessionId: toSessionHandle("es-b") });
    expect((await db.prisma.session.findMany({ where: { userId: user.id } })).map((s) => s.sid)).toEqual(["es-a"]);
  });

  it("ends all sessions but one, or all of them", async () => {
    const user = await userWith([1, 2, 3].map((n) => ({ sid: `eo-${n}`, lastSeenAt: new Date() })));
    const other = await userWith([{ sid: "eo-other", lastSeenAt: new Date() }]);
    expect(await endOtherSessions({ prisma: db.prisma }, { userId: user.id, keepSid: "eo-2" })).toBe(2);
    expect((await db.prisma.session.findMany({ where: { userId: user.id } })).map((s) => s.sid)).toEqual(["eo-2"]);
    expect(await endOtherSessions({ prisma: db.prisma }, { userId: user.id })).toBe(1);
    expect(await db.prisma.session.count({ where: { userId: other.id } })).toBe(1);
  });
});
