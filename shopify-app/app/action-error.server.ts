// Errors a merchant can act on: an AppError becomes its message with its status and code (quota reached, model
// unavailable, Shopify's reason for a failed publication); anything else is logged and answered with a general message.
import { data } from "@remix-run/node";
import { isAppError } from "@postwright/core/errors";
import { appLogger } from "./logger.server";

export function actionError(error: unknown) {
  if (error instanceof Response) throw error;
  if (isAppError(error)) {
    return data({ message: error.message, status: error.status, code: error.code }, { status: error.status });
  }
  appLogger().error({ err: error }, "action failed");
  return data({ message: "Something went wrong. Please try again.", status: 500, code: "INTERNAL" }, { status: 500 });
}

/** For loaders: an AppError becomes a response with its status and message (caught by the route's error boundary). */
export function loaderError(error: unknown): unknown {
  if (isAppError(error)) return new Response(error.message, { status: error.status });
  return error;
}
