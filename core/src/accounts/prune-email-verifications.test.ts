import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../testing/database.ts";
import { pruneEmailVerifications } from "./prune-email-verifications.ts";

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db?.close();
});

it("deletes registrations whose code expired more than a week ago, with their password hashes, and keeps the rest", async () => {
  const now = new Date("2026-05-20T12:00:00Z");
  const daysAgo = (days: number) => new Date(now.getTime() - days * 24 * 60 * 60_000);
  const row = (email: string, expiresAt: Date) => ({
    email,
    firstName: "A",
    lastName: "B",
    hashedPassword: "$argon2id$x",
    code: "123456",
    expiresAt,
  });
  await db.prisma.emailVerification.createMany({
    data: [row("old@example.com", daysAgo(8)), row("recent@example.com", daysAgo(6)), row("live@example.com", now)],
  });
  expect(await pruneEmailVerifications({ prisma: db.prisma, now: () => now })).toBe(1);
  const left = await db.prisma.emailVerification.findMany({ select: { email: true }, orderBy: { email: "asc" } });
  expect(left.map((r) => r.email)).toEqual(["live@example.com", "recent@example.com"]);
});
