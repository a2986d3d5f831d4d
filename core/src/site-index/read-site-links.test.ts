import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../testing/index.ts";
import { readSiteLinks } from "./read-site-links.ts";
import { saveSiteIndex } from "./save-site-index.ts";

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(() => db.close());

const pages = (prefix: string) =>
  Array.from({ length: 3 }, (_, i) => ({
    url: `https://shop.example/${prefix}-${i}`,
    title: `${prefix} ${i}`,
    kind: "product",
  }));

describe("readSiteLinks", () => {
  it("answers the index as it is now, kept in memory between generations but never stale", async () => {
    const user = await db.prisma.user.create({ data: { email: "links@shop.example", password: "x" } });
    const other = await db.prisma.user.create({ data: { email: "other@shop.example", password: "x" } });
    const save = (userId: number, list: ReturnType<typeof pages>) =>
      saveSiteIndex(db.prisma, { userId, platform: "shopify", connectionId: userId, pages: list, now: new Date() });

    await save(user.id, pages("kettle"));
    await save(other.id, pages("lamp"));
    expect((await readSiteLinks(db.prisma, user.id)).map((p) => p.title)).toEqual(["kettle 0", "kettle 1", "kettle 2"]);
    expect(await readSiteLinks(db.prisma, user.id)).toEqual(await readSiteLinks(db.prisma, user.id));

    // A refresh with as many pages, other ones: the new pages are read.
    await save(user.id, pages("teapot"));
    expect((await readSiteLinks(db.prisma, user.id)).map((p) => p.title)).toEqual(["teapot 0", "teapot 1", "teapot 2"]);
    expect((await readSiteLinks(db.prisma, other.id)).map((p) => p.title)).toEqual(["lamp 0", "lamp 1", "lamp 2"]);

    await db.prisma.siteIndexEntry.deleteMany({ where: { userId: user.id, url: { endsWith: "-1" } } });
    expect((await readSiteLinks(db.prisma, user.id)).map((p) => p.title)).toEqual(["teapot 0", "teapot 2"]);
    await db.prisma.siteIndexEntry.deleteMany({ where: { userId: user.id } });
    expect(await readSiteLinks(db.prisma, user.id)).toEqual([]);
  });
});
