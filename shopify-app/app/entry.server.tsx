// Server rendering of documents, with the headers Shopify admin needs to embed the app (frame-ancestors, and the
// links App Bridge reads), as in Shopify's app template.
import { PassThrough } from "node:stream";
import type { EntryContext, HandleErrorFunction } from "@remix-run/node";
import { createReadableStreamFromReadable } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { appLogger } from "./logger.server";
import { addDocumentResponseHeaders } from "./shopify.server";

// The local preview (shopify-app/preview) runs this build in its own process against a fake store; the production
// server (shopify-app/server) opens the database before the first request and closes it on shutdown.
export { appContext, closeAppContext, setLocalShopifyAdminApi } from "./context.server";
export { requestContext, setAppLogger } from "./logger.server";

/** Errors a loader or action did not turn into an answer: logged with the request's id (not when it was cancelled). */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  appLogger().error({ err: error, method: request.method, path: new URL(request.url).pathname }, "request failed");
};

export const streamTimeout = 5000;

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
) {
  addDocumentResponseHeaders(request, responseHeaders);
  const callbackName = isbot(request.headers.get("user-agent") ?? "") ? "onAllReady" : "onShellReady";
  return new Promise<Response>((resolve, reject) => {
    const { pipe, abort } = renderToPipeableStream(<RemixServer context={remixContext} url={request.url} />, {
      [callbackName]: () => {
        const body = new PassThrough();
        const stream = createReadableStreamFromReadable(body);
        responseHeaders.set("Content-Type", "text/html");
        resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }));
        pipe(body);
      },
      onShellError(error: unknown) {
        reject(error);
      },
      onError(error: unknown) {
        responseStatusCode = 500;
        appLogger().error({ err: error }, "rendering failed");
      },
    });
    setTimeout(abort, streamTimeout + 1000);
  });
}
