import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../testing/index.ts";
import { queueUnanalysedSites } from "./queue-unanalysed-sites.ts";

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db?.close();
});

describe("queueUnanalysedSites", () => {
  it("queues each active, indexed site without an analysis once, and no other", async () => {
    const { prisma } = db;
    const user = await prisma.user.create({ data: { email: "owner@example.com", password: "x" } });
    const site = (siteUrl: string, isActive = true) =>
      prisma.wordpressConnection.create({
        data: { userId: user.id, siteName: siteUrl, siteUrl, username: "ada", applicationPassword: "v1:x", isActive },
      });
    const indexed = await site("https://indexed.example");
    const unread = await site("https://unread.example");
    const off = await site("https://off.example", false);
    const job = (connectionId: number, indexedAt: Date | null) =>
      prisma.siteIndexJob.create({
        data: {
          userId: user.id,
          platform: "wordpress",
          connectionId,
          state: indexedAt ? "ready" : "queued",
          indexedAt,
        },
      });
    await job(indexed.id, new Date());
    await job(unread.id, null);
    await job(off.id, new Date());

    expect(await queueUnanalysedSites({ prisma })).toBe(1);
    const jobs = await prisma.sitePostsJob.findMany({ where: { userId: user.id } });
    expect(jobs).toMatchObject([{ platform: "wordpress", connectionId: indexed.id, state: "queued" }]);
    expect(jobs[0]!.nextAttemptAt!.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
    expect(await queueUnanalysedSites({ prisma })).toBe(0);
  });
});
