// Puts one image into the store's Files so Shopify can serve it: a staged upload target, the bytes posted to it,
// fileCreate from the staged resource, then a wait until the file is processed. The result is the file's URL on
// Shopify's CDN, which an article's image and body can point at (Shopify downloads article images from a URL, so
// an address on this site, often private, would not do).
import type { AdminGraphqlClient } from "./admin-graphql-client.ts";
import { createImageFile, imageFileStatus, stageImageUpload } from "./operations.ts";
import { ShopifyRequestError } from "./shopify-request-error.ts";

export interface ImageForShopify {
  data: Buffer;
  contentType: string;
  /** The name the file gets in the store's Files; uploading the same name again replaces that file. */
  filename: string;
  alt: string;
}

export interface UploadImageOptions {
  fetch: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
  /** Pauses between checks of the file's processing; their count bounds the wait. */
  pollDelaysMs?: number[];
}

const DEFAULT_POLL_DELAYS_MS = [250, 500, 1000, 1000, 2000, 2000, 3000, 5000, 5000];

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function rejected(message: string, cause?: unknown): ShopifyRequestError {
  return new ShopifyRequestError("rejected", message, { transient: false, cause });
}

export async function uploadImageToShopify(
  client: AdminGraphqlClient,
  image: ImageForShopify,
  options: UploadImageOptions,
): Promise<string> {
  const sleep = options.sleep ?? defaultSleep;
  const staged = await client.request(stageImageUpload, {
    input: [
      {
        filename: image.filename,
        mimeType: image.contentType,
        resource: "IMAGE",
        httpMethod: "POST",
        fileSize: String(image.data.length),
      },
    ],
  });
  const target = staged.stagedUploadsCreate.stagedTargets?.[0];
  if (!target || staged.stagedUploadsCreate.userErrors.length > 0) {
    const reasons = staged.stagedUploadsCreate.userErrors.map((e) => e.message).join("; ") || "no upload target";
    throw rejected(`Shopify refused to take the image ${image.filename}: ${reasons}`, staged);
  }

  // The storage service expects the signed parameters first and the file last.
  const form = new FormData();
  for (const { name, value } of target.parameters) form.append(name, value);
  form.append("file", new Blob([new Uint8Array(image.data)], { type: image.contentType }), image.filename);
  let upload: Response;
  try {
    upload = await options.fetch(target.url, { method: "POST", body: form, signal: AbortSignal.timeout(60_000) });
  } catch (cause) {
    throw new ShopifyRequestError(
      "network",
      `Uploading the image ${image.filename} to Shopify failed; the publication will be retried.`,
      { transient: true, cause },
    );
  }
  if (!upload.ok) {
    const detail = await upload.text().catch(() => "");
    throw new ShopifyRequestError(
      "server",
      `Uploading the image ${image.filename} to Shopify failed (HTTP ${upload.status}).`,
      {
        transient: upload.status >= 500,
        status: upload.status,
        cause: detail,
      },
    );
  }

  const created = await client.request(createImageFile, {
    files: [
      {
        originalSource: target.resourceUrl,
        contentType: "IMAGE",
        alt: image.alt,
        filename: image.filename,
        duplicateResolutionMode: "REPLACE",
      },
    ],
  });
  const file = created.fileCreate.files?.[0];
  if (!file || created.fileCreate.userErrors.length > 0) {
    const reasons = created.fileCreate.userErrors.map((e) => e.message).join("; ") || "no file was created";
    throw rejected(`Shopify refused the image ${image.filename}: ${reasons}`, created);
  }

  for (const delay of options.pollDelaysMs ?? DEFAULT_POLL_DELAYS_MS) {
    await sleep(delay);
    const { node } = await client.request(imageFileStatus, { id: file.id });
    if (node?.fileStatus === "READY" && node.image) return node.image.url;
    if (node?.fileStatus === "FAILED") {
      const reasons = node.fileErrors.map((e) => e.message).join("; ") || "unknown reason";
      throw rejected(`Shopify could not process the image ${image.filename}: ${reasons}`, node);
    }
  }
  throw new ShopifyRequestError(
    "server",
    `Shopify is still processing the image ${image.filename}; the publication will be retried.`,
    { transient: true },
  );
}
