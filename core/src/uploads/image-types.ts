// The images the site accepts, recognised by their content (magic bytes), never by file name or declared type: a
// renamed text or HTML file is not an image however it is labelled.
import { fileTypeFromBuffer } from "file-type";

export const imageTypes = {
  png: "image/png",
  jpg: "image/jpeg",
  gif: "image/gif",
  webp: "image/webp",
} as const;

export type ImageExtension = keyof typeof imageTypes;

export interface DetectedImage {
  ext: ImageExtension;
  mime: (typeof imageTypes)[ImageExtension];
}

/** Names of stored uploads: random hex and the detected extension. Nothing else is ever read back from disk. */
export const storedImageName = /^[0-9a-f]{32}\.(?:png|jpg|gif|webp)$/;

export const URL_PREFIX = "/uploads/";

function isImageExtension(ext: string): ext is ImageExtension {
  return Object.hasOwn(imageTypes, ext);
}

/** The image type of some bytes, or undefined when they are not a PNG, JPEG, GIF or WebP image. */
export async function detectImageType(data: Uint8Array): Promise<DetectedImage | undefined> {
  const detected = await fileTypeFromBuffer(data);
  if (!detected || !isImageExtension(detected.ext)) return undefined;
  return { ext: detected.ext, mime: imageTypes[detected.ext] };
}
