// The indexer's repair round: connected sites without a job (connected before jobs existed) are queued once; a site
// that already had an index keeps it and is read again, not waited for as a first index.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../testing/index.ts";
import { queueUnindexedSites } from "./create-site-indexer.ts";
import { saveSiteIndex } from "./save-site-index.ts";
import { waitForFirstSiteIndex } from "./wait-for-first-site-index.ts";

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(() => db.close());

describe("queueUnindexedSites", () => {
  it("queues each active connection without a job once, keeping an index built before", async () => {
    const user = await db.prisma.user.create({ data: { email: "repair@example.com", password: "x" } });
    const site = (siteUrl: string, isActive: boolean) =>
      db.prisma.wordpressConnection.create({
        data: { userId: user.id, siteName: siteUrl, siteUrl, username: "u", applicationPassword: "p", isActive },
      });
    const indexed = await site("https://indexed.example", true);
    const off = await site("https://off.example", false);
    const store = await db.prisma.shopifyConnection.create({
      data: {
        userId: user.id,
        storeName: "s",
        storeUrl: "https://s.myshopify.com",
        apiKey: "k",
        password: "p",
        blogId: "b",
      },
    });
    const before = new Date("2026-11-20T08:00:00Z");
    await saveSiteIndex(db.prisma, {
      userId: user.id,
      platform: "wordpress",
      connectionId: indexed.id,
      pages: [
        { url: "https://indexed.example/a", title: "A", kind: "post" },
        { url: "https://indexed.example/b", title: "B", kind: "page" },
      ],
      now: before,
    });

    expect(await queueUnindexedSites({ prisma: db.prisma })).toBe(2);
    const jobs = await db.prisma.siteIndexJob.findMany({ where: { userId: user.id }, orderBy: { platform: "asc" } });
    expect(jobs.map((j) => [j.platform, j.connectionId, j.state, j.pagesIndexed, j.indexedAt])).toEqual([
      ["shopify", store.id, "queued", 0, null],
      ["wordpress", indexed.id, "queued", 2, before],
    ]);
    expect(jobs.some((j) => j.connectionId === off.id && j.platform === "wordpress")).toBe(false);
    expect(await queueUnindexedSites({ prisma: db.prisma })).toBe(0);

    // The store has no index yet: a generation would wait for it (at most the bound); the site's is not waited for.
    expect(await waitForFirstSiteIndex({ prisma: db.prisma }, { userId: user.id, timeoutMs: 0 })).toBe("timeout");
    await db.prisma.siteIndexJob.deleteMany({ where: { userId: user.id, platform: "shopify" } });
    expect(await waitForFirstSiteIndex({ prisma: db.prisma }, { userId: user.id, timeoutMs: 0 })).toBe("none");
  });
});
