// Stores one uploaded image under a random name with the extension of its detected type. Files are written
// exclusively (never over another) and served back at /uploads/<name>.
import { randomBytes } from "node:crypto";
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { AppError } from "../errors/index.ts";
import { detectImageType, URL_PREFIX } from "./image-types.ts";

export interface SavedImage {
  /** Where the site serves it: /uploads/<filename>. */
  url: string;
  filename: string;
  contentType: string;
  size: number;
}

export const notAnImageMessage = "Only images can be uploaded (PNG, JPEG, GIF or WebP).";

export async function saveImage(uploadDir: string, data: Uint8Array): Promise<SavedImage> {
  const type = await detectImageType(data);
  if (!type) throw new AppError("UNSUPPORTED_MEDIA_TYPE", notAnImageMessage);
  const filename = `${randomBytes(16).toString("hex")}.${type.ext}`;
  await mkdir(uploadDir, { recursive: true, mode: 0o700 });
  await writeFile(join(uploadDir, filename), data, { flag: "wx", mode: 0o644 });
  return { url: `${URL_PREFIX}${filename}`, filename, contentType: type.mime, size: data.byteLength };
}
