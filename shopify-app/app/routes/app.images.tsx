// Images for the write page (a resource route: an action only, called by the page's fetcher with one file). The core
// checks the bytes and puts the image into the store's Files; the answer is the post's image reference (the file's
// CDN address and alt text), which the write form sends with the post.
import {
  type ActionFunctionArgs,
  MaxPartSizeExceededError,
  unstable_createMemoryUploadHandler,
  unstable_parseMultipartFormData,
} from "@remix-run/node";
import { AppError, badRequest } from "@postwright/core/errors";
import { uploadShopImage } from "@postwright/core/shopify-shops";
import { readableBytes } from "@postwright/core/uploads";
import { actionError } from "../action-error.server";
import { shopAccount } from "../shop-account.server";
import { authenticate } from "../shopify.server";

export const action = async ({ request }: ActionFunctionArgs) => {
  const { session, admin } = await authenticate.admin(request);
  try {
    const { ctx } = await shopAccount(session.shop, admin);
    const maxBytes = ctx.config.maxUploadBytes;
    let form: FormData;
    try {
      // Held in memory up to the limit, refused beyond it while it is still arriving; only the file and its alt text.
      form = await unstable_parseMultipartFormData(
        request,
        unstable_createMemoryUploadHandler({
          maxPartSize: maxBytes,
          filter: ({ name }) => name === "image" || name === "altText",
        }),
      );
    } catch (error) {
      if (error instanceof MaxPartSizeExceededError) {
        throw new AppError("PAYLOAD_TOO_LARGE", `Each image must be at most ${readableBytes(maxBytes)}.`);
      }
      throw badRequest("Send the image as a file upload.", { cause: error });
    }
    const file = form.get("image");
    if (!(file instanceof File) || file.size === 0) throw badRequest("Choose an image to add.");
    const image = await uploadShopImage(
      { ...ctx.connections, maxBytes },
      {
        shop: session.shop,
        data: new Uint8Array(await file.arrayBuffer()),
        originalName: file.name,
        altText: String(form.get("altText") ?? ""),
      },
    );
    return { image };
  } catch (error) {
    return actionError(error);
  }
};
