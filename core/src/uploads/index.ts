// Uploaded images: checked by content, stored under random names in the upload folder, served at /uploads/<name>,
// counted against the plan's storage and upload-rate limits, removed once no post uses them, and read back for
// publishing (re-uploaded to Shopify or WordPress).
export { saveImage, notAnImageMessage } from "./save-image.ts";
export type { SavedImage } from "./save-image.ts";
export { loadUploadedImage, uploadedImageName } from "./load-uploaded-image.ts";
export type { LoadedImage, LoadUploadedImageOptions } from "./load-uploaded-image.ts";
export { createUploadedImageLoader } from "./create-uploaded-image-loader.ts";
export { detectImageType, imageTypes } from "./image-types.ts";
export type { DetectedImage, ImageExtension } from "./image-types.ts";
export {
  IMAGE_STORAGE_BYTES,
  IMAGE_UPLOADS_AN_HOUR,
  UNUSED_IMAGE_GRACE_MS,
  readableBytes,
  uploadLimitMessages,
} from "./upload-limits.ts";
export { removeUnusedImages } from "./remove-unused-images.ts";
export type { RemoveUnusedImagesResult } from "./remove-unused-images.ts";
