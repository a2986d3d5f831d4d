import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { saveImage } from "./save-image.ts";

const png = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
  "base64",
);
const gif = Buffer.from("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7", "base64");
const jpeg = Buffer.concat([
  Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]),
  Buffer.from("JFIF\0"),
  Buffer.alloc(64),
]);
const webp = Buffer.concat([
  Buffer.from("RIFF"),
  Buffer.from([0x24, 0, 0, 0]),
  Buffer.from("WEBPVP8 "),
  Buffer.alloc(32),
]);

let dir: string;
beforeEach(() => {
  dir = join(mkdtempSync(join(tmpdir(), "postwright-uploads-")), "nested", "uploads");
});
afterEach(() => {
  rmSync(join(dir, "..", ".."), { recursive: true, force: true });
});

describe("saveImage", () => {
  it.each([
    ["PNG", png, "png", "image/png"],
    ["GIF", gif, "gif", "image/gif"],
    ["JPEG", jpeg, "jpg", "image/jpeg"],
    ["WebP", webp, "webp", "image/webp"],
  ])("stores a %s under a random name with the extension of its content", async (_kind, data, ext, mime) => {
    const saved = await saveImage(dir, data);
    expect(saved.filename).toMatch(new RegExp(`^[0-9a-f]{32}\\.${ext}$`));
    expect(saved).toMatchObject({ url: `/uploads/${saved.filename}`, contentType: mime, size: data.length });
    expect(readFileSync(join(dir, saved.filename))).toEqual(data);
  });

  it("gives every upload its own file, even of the same image", async () => {
    const first = await saveImage(dir, png);
    const second = await saveImage(dir, png);
    expect(first.filename).not.toBe(second.filename);
    expect(readdirSync(dir).sort()).toEqual([first.filename, second.filename].sort());
  });

  it.each([
    ["a text file", Buffer.from("just some words, saved as photo.png")],
    ["an HTML page", Buffer.from("<!doctype html><script>alert(1)</script>")],
    ["an SVG drawing", Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')],
    ["a PDF", Buffer.from("%PDF-1.7\n1 0 obj\n<<>>\nendobj\n")],
    ["nothing", Buffer.alloc(0)],
  ])("refuses %s with 415 and stores nothing", async (_kind, data) => {
    await expect(saveImage(dir, data)).rejects.toMatchObject({
      status: 415,
      message: "Only images can be uploaded (PNG, JPEG, GIF or WebP).",
    });
    expect(() => readdirSync(dir)).toThrow();
  });
});
