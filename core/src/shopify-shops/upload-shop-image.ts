// An image the merchant adds to a post from the embedded app goes straight into the store's Files (Shopify hosts it
// and serves it from its CDN), not into this service's upload folder: the post then points at the file's CDN address,
// which the article's image and body use as they are. The bytes are checked by content, like every upload.
import { randomBytes } from "node:crypto";
import { asFetch } from "../publishing/as-fetch.ts";
import { shopAppToken } from "../connections/shopify/shop-app-token.ts";
import type { ConnectionDeps } from "../connections/types.ts";
import { z } from "zod";
import { imageRefSchema, type ImageRef } from "../contracts/blog.ts";
import { AppError, badRequest, parseInput } from "../errors/index.ts";
import { createAdminGraphqlClient } from "../publishing/shopify/admin-graphql-client.ts";
import { isFetchableByShopify } from "../publishing/shopify/create-shopify-target.ts";
import { ShopifyRequestError } from "../publishing/shopify/shopify-request-error.ts";
import { uploadImageToShopify } from "../publishing/shopify/upload-image-to-shopify.ts";
import { detectImageType, notAnImageMessage, readableBytes } from "../uploads/index.ts";

export type UploadShopImageDeps = Pick<
  ConnectionDeps,
  "prisma" | "encryptionKey" | "fetch" | "shopifyApiBaseUrl" | "shopifyPacer" | "shopifyApp" | "now"
> & {
  /** The largest image accepted (config.maxUploadBytes). */
  maxBytes: number;
  /** Pauses between checks of the file's processing (tests shorten them). */
  pollDelaysMs?: number[];
};

export interface ShopImageInput {
  /** The shop's myshopify domain. */
  shop: string;
  data: Uint8Array;
  /** The file's name on the merchant's computer: shown beside the image, never used to store it. */
  originalName: string;
  altText: string;
}

/** Puts the image into the shop's Files and answers the reference a post takes (its CDN address and alt text). */
export async function uploadShopImage(deps: UploadShopImageDeps, input: ShopImageInput): Promise<ImageRef> {
  if (input.data.length > deps.maxBytes) {
    throw new AppError("PAYLOAD_TOO_LARGE", `Each image must be at most ${readableBytes(deps.maxBytes)}.`);
  }
  const type = await detectImageType(input.data);
  if (!type) throw badRequest(notAnImageMessage);
  const altText = input.altText.replace(/\s+/g, " ").trim().slice(0, 500);
  const accessToken = await shopAppToken(
    deps,
    `https://${input.shop}`,
    "Images are added through the Shopify app, which is not configured here.",
  );
  const fetch = asFetch(deps.fetch);
  const client = createAdminGraphqlClient(
    { shopDomain: input.shop, accessToken },
    { fetch, apiBaseUrl: deps.shopifyApiBaseUrl, pacer: deps.shopifyPacer },
  );
  // A fresh name for each upload: uploading a name the store's Files already hold would replace that file.
  const filename = `postwright-${randomBytes(6).toString("hex")}.${type.ext}`;
  let url: string;
  try {
    url = await uploadImageToShopify(
      client,
      { data: Buffer.from(input.data), contentType: type.mime, filename, alt: altText },
      { fetch, ...(deps.pollDelaysMs ? { pollDelaysMs: deps.pollDelaysMs } : {}) },
    );
  } catch (error) {
    if (error instanceof ShopifyRequestError) {
      throw error.transient
        ? new AppError("UPSTREAM", "Shopify could not take the image just now. Please try again in a moment.", {
            cause: error,
          })
        : new AppError("UNPROCESSABLE", error.message, { cause: error });
    }
    throw error;
  }
  return {
    url,
    altText,
    originalName: input.originalName.slice(0, 300),
    size: input.data.length,
  };
}

const shopImagesSchema = z.array(imageRefSchema).max(5, "Add at most 5 images");

/**
 * The images a write form sends back (JSON of the references `uploadShopImage` answered, alt text edited): at most 5,
 * each at an address Shopify can fetch itself (HTTPS, or the local fake's files when the Admin API is pointed at one).
 */
export function parseShopImages(value: unknown, deps: Pick<ConnectionDeps, "shopifyApiBaseUrl">): ImageRef[] {
  let parsed: unknown = [];
  if (typeof value === "string" && value.trim()) {
    try {
      parsed = JSON.parse(value);
    } catch {
      throw badRequest("The images could not be read. Add them again.");
    }
  }
  const images = parseInput(shopImagesSchema, parsed);
  if (images.some((image) => !isFetchableByShopify(image.url, deps.shopifyApiBaseUrl))) {
    throw badRequest("Add images by uploading them here: each one goes into your store's Files first.");
  }
  return images;
}
