// Image uploads for posts. The body is multipart/form-data, not JSON (so no body schema is declared here, only that it
// is multipart): the field "images" repeated (the files, at most 5) and "altTexts" entries in the same order.
import { z } from "zod";
import type { RouteContract } from "../api-v1.ts";
import { badRequest, ok, otherSite, refusal, signedOut, tooMany } from "./answers.ts";

/** An image kept for a post (UploadedImage), served back at its url (/uploads/<name>). */
export const uploadedImageSchema = z.object({
  url: z.string(),
  altText: z.string(),
  originalName: z.string(),
  size: z.number(),
});

export const imageRoutes = {
  uploadImages: {
    method: "POST",
    path: "/images/upload",
    summary: "Upload images for a post (multipart/form-data: images, at most 5 files, and altTexts in the same order)",
    description:
      'The request is multipart/form-data: the field "images" once per file (at most 5), and "altTexts" once per file in the same order (optional). Each file is checked by its content and against the plan\'s image storage and hourly uploads; a request the plan could not afford is refused before its files are read.',
    caller: "user",
    multipart: true,
    responses: {
      200: ok(
        "The images kept, each with the address it is served at.",
        z.object({ images: z.array(uploadedImageSchema) }),
      ),
      400: badRequest("No image, more than 5, files in another field, or an upload that cannot be read."),
      401: signedOut,
      403: otherSite,
      413: refusal("An image over the size limit, or over the plan's image storage (message says which)."),
      415: refusal("A file that is not a PNG, JPEG, GIF or WebP image, whatever its name says."),
      429: tooMany("More uploads in an hour than the plan allows."),
    },
  },
} as const satisfies Record<string, RouteContract>;
