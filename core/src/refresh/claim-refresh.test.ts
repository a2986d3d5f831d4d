// A publish or restore takes its refresh once; a claim whose process died lapses after 10 minutes.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../testing/index.ts";
import { claimRefresh, settledState } from "./claim-refresh.ts";

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db?.close();
});

describe("claimRefresh", () => {
  it("lets one publish take a proposed refresh, and another take it once the first one's claim has lapsed", async () => {
    const user = await db.prisma.user.create({ data: { email: "claims@example.com", password: "x" } });
    const other = await db.prisma.user.create({ data: { email: "other-claims@example.com", password: "x" } });
    const row = await db.prisma.postRefresh.create({
      data: {
        userId: user.id,
        platform: "wordpress",
        connectionId: 1,
        remoteId: "5",
        url: "https://example.com/p/",
        title: "P",
        keyphrase: "p",
        generator: "offline",
        original: {},
        fingerprint: "f",
      },
    });
    const at = new Date("2026-11-28T01:00:00Z");
    const claim = (userId: number, now: Date) =>
      claimRefresh(db.prisma, { id: row.id, userId, claim: "publishing", now });
    expect(await claim(other.id, at)).toBe(false);
    expect(await claim(user.id, at)).toBe(true);
    expect(await claim(user.id, new Date(at.getTime() + 60_000))).toBe(false);
    const taken = await db.prisma.postRefresh.findUniqueOrThrow({ where: { id: row.id } });
    expect(settledState(taken, new Date(at.getTime() + 60_000))).toBe("publishing");
    const later = new Date(at.getTime() + 11 * 60_000);
    expect(settledState(taken, later)).toBe("proposed");
    expect(await claim(user.id, later)).toBe(true);
  });
});
