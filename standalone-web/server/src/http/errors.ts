// Turns every failure into a JSON body { message } a person can act on, with the status of its kind.
// Known user errors (AppError) keep their message; anything unexpected is logged with the request id and the user
// sees a generic sentence, never a stack or an internal detail.
import type { ErrorRequestHandler, RequestHandler } from "express";
import { isAppError } from "@postwright/core/errors";

interface HttpishError {
  type?: string;
  status?: number;
  statusCode?: number;
  code?: string;
}

/** Errors raised by body parsers and multer, which are the client's fault. */
function clientError(error: HttpishError): { status: number; message: string } | undefined {
  if (error.type === "entity.parse.failed") return { status: 400, message: "The request body is not valid JSON." };
  if (error.type === "entity.too.large" || error.code === "LIMIT_FILE_SIZE")
    return { status: 413, message: "The request is too large." };
  if (error.code === "LIMIT_FILE_COUNT" || error.code === "LIMIT_UNEXPECTED_FILE")
    return { status: 400, message: "Too many files, or a file in an unexpected field." };
  if (error.type === "encoding.unsupported" || error.type === "charset.unsupported")
    return { status: 415, message: "Unsupported request encoding." };
  const status = error.status ?? error.statusCode;
  if (status === 404) return { status, message: "Not found." };
  if (status && status >= 400 && status < 500) return { status, message: "The request could not be read." };
  return undefined;
}

export const errorHandler: ErrorRequestHandler = (error, req, res, _next) => {
  if (res.headersSent) {
    req.log?.error({ err: error, reqId: req.id }, "error after response started");
    res.end();
    return;
  }
  if (isAppError(error)) {
    if (error.status >= 500) req.log?.error({ err: error, internal: error.internal, reqId: req.id }, error.message);
    else if (error.internal) req.log?.info({ code: error.code, internal: error.internal, reqId: req.id }, error.message);
    res.status(error.status).json({ message: error.message, ...(error.details ?? {}) });
    return;
  }
  const known = clientError(error as HttpishError);
  if (known) {
    res.status(known.status).json({ message: known.message });
    return;
  }
  req.log?.error({ err: error, reqId: req.id }, "unhandled error");
  res.status(500).json({ message: "Something went wrong on our side. Please try again in a moment." });
};

export const apiNotFound: RequestHandler = (req, res) => {
  res.status(404).json({ message: `There is no API endpoint ${req.method} ${req.originalUrl.split("?")[0]}.` });
};
