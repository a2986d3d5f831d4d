import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import express, { type Express } from "express";
import request from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { UploadedImage } from "@postwright/core/contracts";
import { loadUser } from "../http/auth.ts";
import { errorHandler } from "../http/errors.ts";
import { sessions } from "../http/session.ts";
import { createTestApp, type TestAgent, type TestApp } from "../testing/index.ts";
import { createImagesRouter } from "./images.ts";

/** The test app with the upload route in front (sessions, the signed-in user and JSON errors as in createApp). */
function withImageRoutes(t: TestApp): Express {
  const app = express();
  app.use("/api", sessions(t.ctx), loadUser(t.ctx), createImagesRouter(t.ctx));
  app.use(t.app);
  app.use(errorHandler);
  return app;
}

// A real 1x1 PNG, a GIF and the start of a JPEG.
const png = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
  "base64",
);
const gif = Buffer.from("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7", "base64");
const jpeg = Buffer.concat([
  Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]),
  Buffer.from("JFIF\0"),
  Buffer.alloc(200),
]);

// 50 KB per file, so "too big" needs no large buffers.
const limitBytes = Math.round(0.05 * 1024 * 1024);

let t: TestApp;
let app: Express;
let agent: TestAgent;
let userId: number;

beforeAll(async () => {
  t = await createTestApp({ env: { MAX_UPLOAD_MB: "0.05" } });
  app = withImageRoutes(t);
  agent = request.agent(app);
  ({
    user: { id: userId },
  } = await t.signUpAndLogin(agent));
});
afterAll(async () => {
  await t?.close();
});

/** The stored images, and any file still in the incoming folder (where uploads are streamed before they are kept). */
const storedFiles = () => {
  const list = (dir: string) => (existsSync(dir) ? readdirSync(dir).filter((name) => !name.startsWith(".")) : []);
  return [
    ...list(t.config.uploadDir),
    ...list(join(t.config.uploadDir, ".incoming")).map((n) => `.incoming/${n}`),
  ].sort();
};

describe("POST /api/images/upload", () => {
  it("stores real images and serves each back at its url with its content type", async () => {
    const res = await agent
      .post("/api/images/upload")
      .attach("images", png, { filename: "Puppy ü.png", contentType: "image/png" })
      .attach("images", gif, { filename: "bowl.gif", contentType: "image/gif" })
      .attach("images", jpeg, { filename: "C:\\photos\\garden.jpeg", contentType: "application/octet-stream" })
      .field("altTexts", "A puppy at its bowl")
      .field("altTexts", "")
      .field("altTexts", "A dog in the garden");

    expect(res.status).toBe(200);
    const images = (res.body as { images: UploadedImage[] }).images;
    expect(images).toEqual([
      {
        url: expect.stringMatching(/^\/uploads\/[0-9a-f]{32}\.png$/),
        altText: "A puppy at its bowl",
        originalName: "Puppy ü.png",
        size: png.length,
      },
      {
        url: expect.stringMatching(/^\/uploads\/[0-9a-f]{32}\.gif$/),
        altText: "",
        originalName: "bowl.gif",
        size: gif.length,
      },
      {
        url: expect.stringMatching(/^\/uploads\/[0-9a-f]{32}\.jpg$/),
        altText: "A dog in the garden",
        originalName: "garden.jpeg",
        size: jpeg.length,
      },
    ]);

    const served = await request(app).get(images[0]!.url).buffer(true);
    expect(served.status).toBe(200);
    expect(served.headers["content-type"]).toBe("image/png");
    expect(served.headers["x-content-type-options"]).toBe("nosniff");
    expect(Buffer.from(served.body as Buffer)).toEqual(png);
    expect((await request(app).get(images[2]!.url)).headers["content-type"]).toBe("image/jpeg");
  });

  it("accepts an upload without descriptions", async () => {
    const res = await agent.post("/api/images/upload").attach("images", png, "dog.png");
    expect(res.status).toBe(200);
    expect(res.body.images).toEqual([
      expect.objectContaining({ altText: "", originalName: "dog.png", size: png.length }),
    ]);
  });

  it("refuses a text file named and labelled as a PNG, storing nothing", async () => {
    const before = storedFiles();
    const res = await agent
      .post("/api/images/upload")
      .attach("images", png, "real.png")
      .attach("images", Buffer.from("<html><script>alert(1)</script></html>"), {
        filename: "photo.png",
        contentType: "image/png",
      });
    expect(res.status).toBe(415);
    expect(res.body).toEqual({
      message: '"photo.png" is not an image. Only PNG, JPEG, GIF and WebP images can be uploaded.',
    });
    expect(storedFiles()).toEqual(before);
  });

  it("refuses a description holding a NUL character with 400, keeping none of the received files", async () => {
    const before = storedFiles();
    const res = await agent.post("/api/images/upload").attach("images", png, "dog.png").field("altTexts", "a\u0000dog");
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/NUL character/);
    expect(storedFiles()).toEqual(before);
  });

  it("refuses a file over the size limit with 413 and a message saying the limit", async () => {
    const before = storedFiles();
    const big = Buffer.concat([png, Buffer.alloc(limitBytes)]);
    const res = await agent.post("/api/images/upload").attach("images", big, "huge.png");
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ message: "Each image must be at most 51 KB." });
    expect(storedFiles()).toEqual(before);
  });

  it("refuses more than 5 images in one upload", async () => {
    const before = storedFiles();
    let upload = agent.post("/api/images/upload");
    for (let i = 0; i < 6; i++) upload = upload.attach("images", png, `dog-${i}.png`);
    const res = await upload;
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: "Upload at most 5 images at a time." });
    expect(storedFiles()).toEqual(before);

    let five = agent.post("/api/images/upload");
    for (let i = 0; i < 5; i++) five = five.attach("images", png, `dog-${i}.png`);
    expect((await five).body.images).toHaveLength(5);
  });

  it("refuses a request without images, or with files in another field", async () => {
    const none = await agent.post("/api/images/upload").field("altTexts", "nothing attached");
    expect(none.status).toBe(400);
    expect(none.body).toEqual({ message: "Choose at least one image to upload." });
    const json = await agent.post("/api/images/upload").send({ images: [] });
    expect(json.status).toBe(400);
    expect(json.body).toEqual({ message: "Choose at least one image to upload." });
    const wrongField = await agent.post("/api/images/upload").attach("photo", png, "dog.png");
    expect(wrongField.status).toBe(400);
    expect(wrongField.body).toEqual({ message: 'Send the images in the "images" field.' });
  });

  it("records each kept image against the account, so its plan's limits count it", async () => {
    const before = await t.db.prisma.uploadedImage.count({ where: { userId } });
    const res = await agent.post("/api/images/upload").attach("images", gif, "bowl.gif");
    expect(res.status).toBe(200);
    const name = (res.body as { images: UploadedImage[] }).images[0]!.url.replace("/uploads/", "");
    expect(await t.db.prisma.uploadedImage.count({ where: { userId } })).toBe(before + 1);
    expect(await t.db.prisma.uploadedImage.findUnique({ where: { filename: name } })).toMatchObject({
      userId,
      size: gif.length,
      contentType: "image/gif",
    });
  });

  it("refuses an upload that would go over the plan's image storage, keeping nothing", async () => {
    // Images kept earlier fill the Free plan's 100 MB but for 10 bytes.
    const filler = await t.db.prisma.uploadedImage.create({
      data: { userId, filename: `${"f".repeat(32)}.png`, size: 0, contentType: "image/png" },
    });
    const { _sum } = await t.db.prisma.uploadedImage.aggregate({ where: { userId }, _sum: { size: true } });
    await t.db.prisma.uploadedImage.update({
      where: { id: filler.id },
      data: { size: 100 * 1024 * 1024 - (_sum.size ?? 0) - 10 },
    });
    try {
      const before = storedFiles();
      const res = await agent.post("/api/images/upload").attach("images", png, "dog.png");
      expect(res.status).toBe(413);
      expect(res.body.message).toBe(
        "This upload would go over the 100 MB of image storage of the Free plan (you use 100 MB). Images that no post uses are removed after 24 hours; upgrade for more storage.",
      );
      expect(storedFiles()).toEqual(before);
    } finally {
      await t.db.prisma.uploadedImage.delete({ where: { id: filler.id } });
    }
    expect((await agent.post("/api/images/upload").attach("images", png, "dog.png")).status).toBe(200);
  });

  it("refuses more uploads in an hour than the plan allows, before reading the files", async () => {
    const since = new Date(Date.now() - 60 * 60_000 + 60_000);
    const recent = await t.db.prisma.uploadedImage.count({ where: { userId, createdAt: { gt: since } } });
    await t.db.prisma.uploadedImage.createMany({
      data: Array.from({ length: 30 - recent }, (_, i) => ({
        userId,
        filename: `${i.toString(16).padStart(32, "a")}.png`,
        size: 10,
        contentType: "image/png",
        // Uploaded 50 minutes ago: they leave the hour in 10 minutes.
        createdAt: new Date(Date.now() - 50 * 60_000),
      })),
    });
    const before = storedFiles();
    const res = await agent.post("/api/images/upload").attach("images", png, "dog.png");
    expect(res.status).toBe(429);
    expect(res.body).toEqual({
      message: "The Free plan allows 30 image uploads an hour. Please try again later, or upgrade to upload more.",
      retryAfterSeconds: expect.any(Number),
    });
    // Room comes back when the oldest upload of the hour leaves it: in 10 minutes, not a whole hour.
    expect(res.body.retryAfterSeconds).toBeGreaterThan(9 * 60);
    expect(res.body.retryAfterSeconds).toBeLessThanOrEqual(10 * 60);
    expect(storedFiles()).toEqual(before);

    // An hour later the same account may upload again.
    await t.db.prisma.uploadedImage.updateMany({
      where: { userId },
      data: { createdAt: new Date(Date.now() - 2 * 60 * 60_000) },
    });
    expect((await agent.post("/api/images/upload").attach("images", png, "dog.png")).status).toBe(200);
  });

  it("requires a signed-in user", async () => {
    const before = storedFiles();
    const res = await request(app).post("/api/images/upload").attach("images", png, "dog.png");
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: "Unauthorized" });
    expect(storedFiles()).toEqual(before);
  });
});
