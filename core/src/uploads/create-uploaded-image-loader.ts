import type { ImageLoader } from "../publishing/types.ts";
import { loadUploadedImage } from "./load-uploaded-image.ts";

/** The ImageLoader the publishing targets take: it reads this site's uploads and answers null for anything else. */
export function createUploadedImageLoader(options: { uploadDir: string; siteUrl?: string }): ImageLoader {
  return (url) => loadUploadedImage(options.uploadDir, url, { siteUrl: options.siteUrl });
}
