// One error type for everything a user may be told. Each code maps to one HTTP status, once, here; surfaces
// turn an AppError into their own response ({ message } JSON, WP_Error, a Remix response) and log the rest.

export const errorStatus = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  PAYMENT_REQUIRED: 402,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  GONE: 410,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  UNPROCESSABLE: 422,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  UPSTREAM: 502,
  UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof errorStatus;

export interface AppErrorOptions {
  /** Details for the log only; never shown to the user. */
  internal?: string;
  cause?: unknown;
  /** Extra fields a client may rely on (for example the usage left). */
  details?: Record<string, unknown>;
}

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly internal: string | undefined;
  readonly details: Record<string, unknown> | undefined;

  /** @param message what the user is told: written for them, actionable. */
  constructor(code: ErrorCode, message: string, options: AppErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = "AppError";
    this.code = code;
    this.status = errorStatus[code];
    this.internal = options.internal;
    this.details = options.details;
  }
}

export const badRequest = (message: string, options?: AppErrorOptions) => new AppError("BAD_REQUEST", message, options);
export const unauthorized = (message = "Unauthorized") => new AppError("UNAUTHORIZED", message);
export const forbidden = (message: string, options?: AppErrorOptions) => new AppError("FORBIDDEN", message, options);
export const notFound = (message: string) => new AppError("NOT_FOUND", message);
export const conflict = (message: string) => new AppError("CONFLICT", message);

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}
