// Image uploads for posts: multipart, field "images" repeated (at most 5) with "altTexts" entries in the same order.
// Each file is streamed to the upload folder's incoming dot-folder (never held whole in memory), then the core checks
// it by content and against the plan's storage and hourly limits, and keeps it under a random name served back at the
// returned url (/uploads/<name>). A request the account could not afford is refused before its body is read.
// Declared in @postwright/core/contracts (site-api/images.ts).
import { randomBytes } from "node:crypto";
import { mkdirSync } from "node:fs";
import { rm } from "node:fs/promises";
import type { ErrorRequestHandler, RequestHandler, Router } from "express";
import multer from "multer";
import { assertCanUploadImages, incomingDir, MAX_POST_IMAGES, uploadPostImages } from "@postwright/core/blog";
import { siteApiContract as contract } from "@postwright/core/contracts/site-api";
import { AppError, badRequest } from "@postwright/core/errors";
import { readableBytes } from "@postwright/core/uploads";
import type { ServerContext } from "../context.ts";
import { contractRouter } from "../http/contract-routes.ts";
import { rejectNul } from "../http/reject-nul.ts";

/** Multer's refusals, told in the words of the uploader. */
function uploadError(error: unknown, maxBytes: number): AppError {
  if (error instanceof multer.MulterError) {
    switch (error.code) {
      case "LIMIT_FILE_SIZE":
        return new AppError("PAYLOAD_TOO_LARGE", `Each image must be at most ${readableBytes(maxBytes)}.`);
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
  const incoming = incomingDir(ctx.config.uploadDir);
  const parseUpload = multer({
    storage: multer.diskStorage({
      destination: (_req, _file, done) => {
        try {
          mkdirSync(incoming, { recursive: true, mode: 0o700 });
          done(null, incoming);
        } catch (error) {
          done(error as Error, incoming);
        }
      },
      filename: (_req, _file, done) => done(null, randomBytes(16).toString("hex")),
    }),
    // Browsers send file names in UTF-8.
    defParamCharset: "utf8",
    limits: { fileSize: maxBytes, files: MAX_POST_IMAGES, fields: 20, fieldSize: 2_000, parts: 30 },
  }).array("images", MAX_POST_IMAGES);
  const receiveImages: RequestHandler = (req, res, next) => {
    parseUpload(req, res, (error?: unknown) => next(error ? uploadError(error, maxBytes) : undefined));
  };

  const { router, route } = contractRouter(ctx);
  const withinPlan: RequestHandler = (req, _res, next) => {
    assertCanUploadImages({ prisma: ctx.db.prisma }, req.user!.id).then(() => next(), next);
  };
  // Declared without a body (it is multipart, read by multer in the guard, not JSON).
  route(
    contract.uploadImages,
    async ({ req, user }) => {
      const files = Array.isArray(req.files) ? req.files : [];
      const received = files.map((file) => ({ path: file.path, size: file.size, originalName: file.originalname }));
      const body = req.body as Record<string, unknown> | undefined;
      const result = await uploadPostImages(
        { prisma: ctx.db.prisma, uploadDir: ctx.config.uploadDir },
        {
          userId: user.id,
          files: received,
          altTexts: ([] as unknown[])
            .concat(body?.altTexts ?? [])
            .map((text) => (typeof text === "string" ? text : "")),
        },
      );
      return { status: 200, body: result };
    },
    [withinPlan, receiveImages, rejectNul],
  );
  // A request refused after its files were received (a NUL in its fields, say) leaves none of them behind.
  const discardReceived: ErrorRequestHandler = (error, req, _res, next) => {
    const files = Array.isArray(req.files) ? req.files : [];
    Promise.all(files.map((file) => rm(file.path, { force: true }))).then(
      () => next(error),
      () => next(error),
    );
  };
  router.use(discardReceived);
  return router;
}
