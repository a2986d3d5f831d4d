// Images a user attaches to a post (the uploader under the form). All files are checked before any is stored, so a
// request with one bad file stores nothing; names and descriptions are kept for the preview and as alt texts.
import { unlink } from "node:fs/promises";
import { basename, join } from "node:path";
import type { UploadedImage } from "../contracts/blog.ts";
import { AppError, badRequest } from "../errors/index.ts";
import { detectImageType } from "../uploads/image-types.ts";
import { saveImage, type SavedImage } from "../uploads/save-image.ts";

/** The uploader's maxImages. */
export const MAX_POST_IMAGES = 5;

export interface UploadFile {
  data: Buffer;
  /** The name the browser gave. */
  originalName: string;
}

export interface UploadPostImagesInput {
  files: UploadFile[];
  /** Descriptions, in the order of the files; missing ones are empty. */
  altTexts?: string[];
}

/** The file name without any folder the browser sent (old Internet Explorer sent full Windows paths) and without
 * control characters. */
function cleanName(name: string): string {
  const base = basename(name.replace(/\\/g, "/"))
    .replace(/\p{Cc}/gu, "")
    .trim();
  return base.slice(0, 300) || "image";
}

export async function uploadPostImages(
  { uploadDir }: { uploadDir: string },
  input: UploadPostImagesInput,
): Promise<{ images: UploadedImage[] }> {
  const { files } = input;
  if (files.length === 0) throw badRequest("Choose at least one image to upload.");
  if (files.length > MAX_POST_IMAGES) throw badRequest(`Upload at most ${MAX_POST_IMAGES} images at a time.`);

  for (const file of files) {
    if (!(await detectImageType(file.data))) {
      throw new AppError(
        "UNSUPPORTED_MEDIA_TYPE",
        `"${cleanName(file.originalName)}" is not an image. Only PNG, JPEG, GIF and WebP images can be uploaded.`,
      );
    }
  }

  const saved: SavedImage[] = [];
  try {
    for (const file of files) saved.push(await saveImage(uploadDir, file.data));
  } catch (error) {
    await Promise.allSettled(saved.map((image) => unlink(join(uploadDir, image.filename))));
    throw error;
  }
  return {
    images: saved.map((image, index) => ({
      url: image.url,
      altText: (input.altTexts?.[index] ?? "").trim().slice(0, 500),
      originalName: cleanName(files[index]?.originalName ?? ""),
      size: image.size,
    })),
  };
}
