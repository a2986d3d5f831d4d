// Images a user attaches to a post (the uploader under the form). The surface streams each file to disk (never whole
// in memory) and hands over the files; here every file is checked by content before any is kept, so a request with
// one bad file keeps nothing, and the plan's storage and hourly upload limits are applied under a lock on the account
// row, so two uploads at once cannot both squeeze under them. Names and descriptions are kept for the preview and as
// alt texts.
import { randomBytes } from "node:crypto";
import { mkdir, open, rename, unlink } from "node:fs/promises";
import { basename, join } from "node:path";
import type { UploadedImage } from "../contracts/blog.ts";
import type { Prisma, PrismaNamespace } from "../db/client.ts";
import { AppError, badRequest, notFound } from "../errors/index.ts";
import { resolvePlanAccess } from "../billing/entitlements.ts";
import { catalogPlan } from "../billing/plans.ts";
import { type DetectedImage, detectImageType, URL_PREFIX } from "../uploads/image-types.ts";
import {
  IMAGE_STORAGE_BYTES,
  IMAGE_UPLOADS_AN_HOUR,
  UPLOAD_RATE_WINDOW_MS,
  uploadLimitMessages,
} from "../uploads/upload-limits.ts";

/** The uploader's maxImages. */
export const MAX_POST_IMAGES = 5;

/** Where surfaces stream uploads before they are checked: inside the upload folder (same file system, so keeping a
 * file is a rename), in a dot-folder that is never served. */
export const incomingDir = (uploadDir: string) => join(uploadDir, ".incoming");

export interface UploadFile {
  /** The file as received, in incomingDir(uploadDir). It is moved into the upload folder or removed. */
  path: string;
  /** Its size in bytes. */
  size: number;
  /** The name the browser gave. */
  originalName: string;
}

export interface UploadPostImagesInput {
  userId: number;
  files: UploadFile[];
  /** Descriptions, in the order of the files; missing ones are empty. */
  altTexts?: string[];
}

export interface UploadPostImagesDeps {
  prisma: Prisma;
  uploadDir: string;
}

/** The file name without any folder the browser sent (old Internet Explorer sent full Windows paths) and without
 * control characters. */
function cleanName(name: string): string {
  const base = basename(name.replace(/\\/g, "/"))
    .replace(/\p{Cc}/gu, "")
    .trim();
  return base.slice(0, 300) || "image";
}

/** The image type of a file on disk, from its first bytes (enough for every type accepted). */
async function detectFileType(path: string): Promise<DetectedImage | undefined> {
  const handle = await open(path, "r");
  try {
    const head = Buffer.alloc(4100);
    const { bytesRead } = await handle.read(head, 0, head.length, 0);
    return await detectImageType(head.subarray(0, bytesRead));
  } finally {
    await handle.close();
  }
}

const removeQuietly = (path: string) => unlink(path).catch(() => undefined);

/**
 * Refuses before anything is read when the account could not keep even one more image (storage full, or the hour's
 * uploads used up), so a refused upload costs no disk. The full check runs again when the files are kept.
 */
export async function assertCanUploadImages({ prisma }: { prisma: Prisma }, userId: number): Promise<void> {
  await checkUploadLimits(prisma, userId, { files: 1, bytes: 0 });
}

interface Usage {
  files: number;
  bytes: number;
}

type Client = Prisma | PrismaNamespace.TransactionClient;

async function checkUploadLimits(db: Client, userId: number, adding: Usage, now = new Date()): Promise<void> {
  const user = await db.user.findUnique({
    where: { id: userId },
    select: { subscriptionPlan: true, subscriptionStatus: true, subscriptionEndDate: true },
  });
  if (!user) throw notFound("Your account could not be found. Please sign in again.");
  const { plan } = resolvePlanAccess(user, now);
  const { displayName } = catalogPlan(plan);
  const since = new Date(now.getTime() - UPLOAD_RATE_WINDOW_MS);
  const [stored, recent] = await Promise.all([
    db.uploadedImage.aggregate({ where: { userId }, _sum: { size: true } }),
    db.uploadedImage.count({ where: { userId, createdAt: { gt: since } } }),
  ]);
  const hourly = IMAGE_UPLOADS_AN_HOUR[plan];
  if (recent + adding.files > hourly) {
    // Room comes back as the hour's oldest uploads leave the window.
    const freeing = await db.uploadedImage.findFirst({
      where: { userId, createdAt: { gt: since } },
      orderBy: { createdAt: "asc" },
      skip: Math.max(0, Math.min(recent - 1, recent + adding.files - hourly - 1)),
      select: { createdAt: true },
    });
    const waitMs = freeing
      ? freeing.createdAt.getTime() + UPLOAD_RATE_WINDOW_MS - now.getTime()
      : UPLOAD_RATE_WINDOW_MS;
    throw new AppError("RATE_LIMITED", uploadLimitMessages.tooMany(displayName, hourly), {
      details: { retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) },
    });
  }
  const used = stored._sum.size ?? 0;
  const storage = IMAGE_STORAGE_BYTES[plan];
  if (used + adding.bytes > storage) {
    throw new AppError("PAYLOAD_TOO_LARGE", uploadLimitMessages.storageFull(displayName, storage, used));
  }
}

export async function uploadPostImages(
  deps: UploadPostImagesDeps,
  input: UploadPostImagesInput,
): Promise<{ images: UploadedImage[] }> {
  const { files } = input;
  const kept: string[] = [];
  try {
    if (files.length === 0) throw badRequest("Choose at least one image to upload.");
    if (files.length > MAX_POST_IMAGES) throw badRequest(`Upload at most ${MAX_POST_IMAGES} images at a time.`);

    const types: DetectedImage[] = [];
    for (const file of files) {
      const type = await detectFileType(file.path);
      if (!type) {
        throw new AppError(
          "UNSUPPORTED_MEDIA_TYPE",
          `"${cleanName(file.originalName)}" is not an image. Only PNG, JPEG, GIF and WebP images can be uploaded.`,
        );
      }
      types.push(type);
    }

    const bytes = files.reduce((sum, file) => sum + file.size, 0);
    await mkdir(deps.uploadDir, { recursive: true, mode: 0o700 });
    const stored = await deps.prisma.$transaction(async (tx) => {
      // One upload of this account at a time past this point: the sums below cannot change under us.
      await tx.$queryRaw`SELECT id FROM custom_users WHERE id = ${input.userId} FOR UPDATE`;
      await checkUploadLimits(tx, input.userId, { files: files.length, bytes });
      const rows = files.map((file, index) => ({
        userId: input.userId,
        filename: `${randomBytes(16).toString("hex")}.${types[index]!.ext}`,
        size: file.size,
        contentType: types[index]!.mime,
      }));
      await tx.uploadedImage.createMany({ data: rows });
      for (const [index, row] of rows.entries()) {
        const target = join(deps.uploadDir, row.filename);
        await rename(files[index]!.path, target);
        kept.push(target);
      }
      return rows;
    });
    return {
      images: stored.map((row, index) => ({
        url: `${URL_PREFIX}${row.filename}`,
        altText: (input.altTexts?.[index] ?? "").trim().slice(0, 500),
        originalName: cleanName(files[index]?.originalName ?? ""),
        size: row.size,
      })),
    };
  } catch (error) {
    // Nothing of a refused or failed upload stays on disk (a rolled-back transaction keeps no row either).
    await Promise.all(kept.map(removeQuietly));
    throw error;
  } finally {
    await Promise.all(files.map((file) => removeQuietly(file.path)));
  }
}
