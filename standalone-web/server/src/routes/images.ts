// Image uploads for posts: multipart, field "images" repeated (at most 5) with "altTexts" entries in the same order.
// Files are checked by content, stored under random names and served back at the returned url (/uploads/<name>).
import { type RequestHandler, Router } from "express";
import multer from "multer";
import { MAX_POST_IMAGES, uploadPostImages } from "@postwright/core/blog";
import { AppError, badRequest } from "@postwright/core/errors";
import type { ServerContext } from "../context.ts";
import { requireUser } from "../http/auth.ts";
import { rejectNul } from "../http/reject-nul.ts";

const MB = 1024 * 1024;
const readableSize = (bytes: number) =>
  bytes >= MB ? `${Number((bytes / MB).toFixed(1))} MB` : `${Math.max(1, Math.floor(bytes / 1024))} KB`;

/** Multer's refusals, told in the words of the uploader. */
function uploadError(error: unknown, maxBytes: number): AppError {
  if (error instanceof multer.MulterError) {
    switch (error.code) {
      case "LIMIT_FILE_SIZE":
        return new AppError("PAYLOAD_TOO_LARGE", `Each image must be at most ${readableSize(maxBytes)}.`);
      case "LIMIT_FILE_COUNT":
        return badRequest(`Upload at most ${MAX_POST_IMAGES} images at a time.`);
      case "LIMIT_UNEXPECTED_FILE":
        return error.field === "images"
          ? badRequest(`Upload at most ${MAX_POST_IMAGES} images at a time.`)
          : badRequest('Send the images in the "images" field.');
      default:
        return badRequest("The upload could not be read. Please try again.", { internal: error.code });
    }
  }
  return badRequest("The upload could not be read. Please try again.", {
    internal: error instanceof Error ? error.message : String(error),
  });
}

export function createImagesRouter(ctx: ServerContext): Router {
  const maxBytes = ctx.config.maxUploadBytes;
  const parseUpload = multer({
    storage: multer.memoryStorage(),
    // Browsers send file names in UTF-8.
    defParamCharset: "utf8",
    limits: { fileSize: maxBytes, files: MAX_POST_IMAGES, fields: 20, fieldSize: 2_000, parts: 30 },
  }).array("images", MAX_POST_IMAGES);
  const receiveImages: RequestHandler = (req, res, next) => {
    parseUpload(req, res, (error?: unknown) => next(error ? uploadError(error, maxBytes) : undefined));
  };

  const router = Router();
  router.post("/images/upload", requireUser, receiveImages, rejectNul, async (req, res) => {
    const files = Array.isArray(req.files) ? req.files : [];
    const altTexts = ([] as unknown[]).concat((req.body as Record<string, unknown> | undefined)?.altTexts ?? []);
    const result = await uploadPostImages(
      { uploadDir: ctx.config.uploadDir },
      {
        files: files.map((file) => ({ data: file.buffer, originalName: file.originalname })),
        altTexts: altTexts.map((text) => (typeof text === "string" ? text : "")),
      },
    );
    res.json(result);
  });
  return router;
}
