import { existsSync, mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../testing/database.ts";
import { removeUnusedImages } from "./remove-unused-images.ts";

const HOUR = 60 * 60_000;
let db: TestDatabase;
let uploadDir: string;
let userId: number;
let otherId: number;

beforeAll(async () => {
  db = await createTestDatabase();
  uploadDir = mkdtempSync(join(tmpdir(), "postwright-unused-"));
  userId = (await db.prisma.user.create({ data: { email: "owner@example.com", password: "x" } })).id;
  otherId = (await db.prisma.user.create({ data: { email: "other@example.com", password: "x" } })).id;
});
afterAll(async () => {
  await db?.close();
  rmSync(uploadDir, { recursive: true, force: true });
});

/** An uploaded image: its file on disk and its row, uploaded `hoursAgo`. */
async function upload(owner: number, hoursAgo: number): Promise<string> {
  const filename = `${crypto.randomUUID().replaceAll("-", "")}.png`;
  writeFileSync(join(uploadDir, filename), "png bytes");
  await db.prisma.uploadedImage.create({
    data: {
      userId: owner,
      filename,
      size: 9,
      contentType: "image/png",
      createdAt: new Date(Date.now() - hoursAgo * HOUR),
    },
  });
  return filename;
}

const post = (owner: number, fields: { htmlContent?: string; images?: object[] }) =>
  db.prisma.blogPost.create({
    data: {
      userId: owner,
      title: "A post",
      content: "Text",
      htmlContent: fields.htmlContent ?? "<p>Text</p>",
      images: fields.images,
    },
  });

const kept = async (filename: string) =>
  existsSync(join(uploadDir, filename)) && (await db.prisma.uploadedImage.count({ where: { filename } })) === 1;

describe("removeUnusedImages", () => {
  it("removes images no post uses after 24 hours, keeping fresh ones and any a post shows", async () => {
    const unused = await upload(userId, 25);
    const fresh = await upload(userId, 2);
    const inContent = await upload(userId, 48);
    const inImageList = await upload(userId, 48);
    const absolute = await upload(userId, 48);
    const usedByAnother = await upload(userId, 48);
    await post(userId, { htmlContent: `<p><img src="/uploads/${inContent}" alt="A dog"></p>` });
    await post(userId, { images: [{ url: `/uploads/${inImageList}`, altText: "" }] });
    await post(userId, { htmlContent: `<img src="https://blog.example.com/uploads/${absolute}">` });
    await post(otherId, { htmlContent: `<img src="/uploads/${usedByAnother}">` });

    const result = await removeUnusedImages({ prisma: db.prisma, uploadDir });

    expect(result.removed).toBe(1);
    expect(await kept(unused)).toBe(false);
    expect(existsSync(join(uploadDir, unused))).toBe(false);
    for (const name of [fresh, inContent, inImageList, absolute, usedByAnother]) expect(await kept(name)).toBe(true);
  });

  it("frees the storage the removed images counted", async () => {
    await upload(otherId, 30);
    await upload(otherId, 30);
    const before = await db.prisma.uploadedImage.aggregate({ where: { userId: otherId }, _sum: { size: true } });
    await removeUnusedImages({ prisma: db.prisma, uploadDir });
    const after = await db.prisma.uploadedImage.aggregate({ where: { userId: otherId }, _sum: { size: true } });
    expect((before._sum.size ?? 0) - (after._sum.size ?? 0)).toBe(18);
  });

  it("removes a row whose file is already gone, and files an interrupted upload left behind an hour ago", async () => {
    const gone = await upload(userId, 30);
    rmSync(join(uploadDir, gone));
    const incoming = join(uploadDir, ".incoming");
    mkdirSync(incoming, { recursive: true });
    writeFileSync(join(incoming, "stale"), "half an upload");
    writeFileSync(join(incoming, "current"), "an upload under way");
    const twoHoursAgo = new Date(Date.now() - 2 * HOUR);
    utimesSync(join(incoming, "stale"), twoHoursAgo, twoHoursAgo);

    const result = await removeUnusedImages({ prisma: db.prisma, uploadDir });

    expect(result).toEqual({ removed: 1, incoming: 1 });
    expect(await db.prisma.uploadedImage.count({ where: { filename: gone } })).toBe(0);
    expect(existsSync(join(incoming, "stale"))).toBe(false);
    expect(existsSync(join(incoming, "current"))).toBe(true);
  });
});
