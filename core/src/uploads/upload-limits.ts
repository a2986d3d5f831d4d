// How much image storage and how many uploads each plan allows. Every limit counts the rows of uploaded_images, so
// every instance sees the same numbers; images no post uses are removed after UNUSED_IMAGE_GRACE_MS (a draft keeps
// its images for that long before the post is generated).
import type { PlanName } from "../contracts/billing.ts";

const MB = 1024 * 1024;

/** Bytes of uploaded images one account may keep. */
export const IMAGE_STORAGE_BYTES: Record<PlanName, number> = {
  free: 100 * MB,
  starter: 1024 * MB,
  professional: 5 * 1024 * MB,
  enterprise: 20 * 1024 * MB,
};

/** Images one account may upload in an hour. */
export const IMAGE_UPLOADS_AN_HOUR: Record<PlanName, number> = {
  free: 30,
  starter: 150,
  professional: 400,
  enterprise: 1_000,
};

export const UPLOAD_RATE_WINDOW_MS = 60 * 60_000;

/** How long an image no post uses is kept before it is removed. */
export const UNUSED_IMAGE_GRACE_MS = 24 * 60 * 60_000;

/** Files left in the incoming folder (an upload cut off by a crash) are removed after this long. */
export const INCOMING_FILE_MAX_AGE_MS = 60 * 60_000;

/** A size as people read it: "51 KB", "2.5 MB", "1 GB". */
export function readableBytes(bytes: number): string {
  if (bytes >= 1024 * MB) return `${Number((bytes / (1024 * MB)).toFixed(1))} GB`;
  if (bytes >= MB) return `${Number((bytes / MB).toFixed(1))} MB`;
  return `${Math.max(1, Math.floor(bytes / 1024))} KB`;
}

export const uploadLimitMessages = {
  storageFull: (planName: string, limit: number, used: number) =>
    `This upload would go over the ${readableBytes(limit)} of image storage of the ${planName} plan (you use ${readableBytes(used)}). Images that no post uses are removed after 24 hours; upgrade for more storage.`,
  tooMany: (planName: string, limit: number) =>
    `The ${planName} plan allows ${limit} image uploads an hour. Please try again later, or upgrade to upload more.`,
} as const;
