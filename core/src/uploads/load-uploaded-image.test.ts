import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUploadedImageLoader } from "./create-uploaded-image-loader.ts";
import { loadUploadedImage } from "./load-uploaded-image.ts";
import { saveImage } from "./save-image.ts";

const png = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
  "base64",
);

let root: string;
let uploadDir: string;
let url: string;
let filename: string;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), "postwright-load-"));
  uploadDir = join(root, "uploads");
  ({ url, filename } = await saveImage(uploadDir, png));
  // A secret beside the upload folder, which no address may reach.
  writeFileSync(join(root, "session-secret"), "do not serve");
});
afterAll(() => {
  rmSync(root, { recursive: true, force: true });
});

describe("loadUploadedImage", () => {
  it("reads an upload back by the address the upload answered", async () => {
    expect(await loadUploadedImage(uploadDir, url)).toEqual({ data: png, contentType: "image/png", filename });
  });

  it("reads the absolute address under the site's public address, and ignores a query or fragment", async () => {
    const options = { siteUrl: "https://blog.example.com" };
    expect(await loadUploadedImage(uploadDir, `https://blog.example.com${url}`, options)).toMatchObject({ filename });
    expect(await loadUploadedImage(uploadDir, `${url}?v=2`)).toMatchObject({ filename });
    const underPath = { siteUrl: "https://example.com/app/" };
    expect(await loadUploadedImage(uploadDir, `https://example.com/app${url}#top`, underPath)).toMatchObject({
      filename,
    });
  });

  it("answers null for images of other sites, so they keep their address", async () => {
    expect(
      await loadUploadedImage(uploadDir, `https://cdn.example.net${url}`, { siteUrl: "https://blog.example.com" }),
    ).toBeNull();
    expect(await loadUploadedImage(uploadDir, `https://blog.example.com${url}`)).toBeNull();
    expect(await loadUploadedImage(uploadDir, `/uploads/${"0".repeat(32)}.png`)).toBeNull();
  });

  it.each([
    "/uploads/../session-secret",
    "/uploads/..%2Fsession-secret",
    "/uploads/%2e%2e/session-secret",
    "/uploads//etc/passwd",
    "/uploads/sub/dir.png",
    "/etc/passwd",
    "file:///etc/passwd",
    "../session-secret",
  ])("refuses %s", async (address) => {
    expect(await loadUploadedImage(uploadDir, address, { siteUrl: "https://blog.example.com" })).toBeNull();
  });

  it("does not hand out a file in the folder that is not an image", async () => {
    const fake = `${"a".repeat(32)}.png`;
    writeFileSync(join(uploadDir, fake), "<html>not an image</html>");
    expect(await loadUploadedImage(uploadDir, `/uploads/${fake}`)).toBeNull();
  });

  it("serves as the publishing targets' image loader", async () => {
    const load = createUploadedImageLoader({ uploadDir, siteUrl: "https://blog.example.com" });
    expect(await load(`https://blog.example.com${url}`)).toMatchObject({ contentType: "image/png", filename });
    expect(await load("https://elsewhere.example/picture.png")).toBeNull();
  });
});
