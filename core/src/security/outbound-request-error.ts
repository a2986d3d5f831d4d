import { AppError, type ErrorCode } from "../errors/index.ts";

/**
 * Why an outbound request to a user-given address did not go through. "blocked" and "invalid_url" are refusals of the
 * address itself (400); the others are failures of the remote side or the network (502).
 */
export type OutboundFailureReason =
  | "invalid_url"
  | "blocked"
  | "dns"
  | "refused"
  | "unreachable"
  | "timeout"
  | "tls"
  | "too_large"
  | "too_many_redirects";

const codeFor: Record<OutboundFailureReason, ErrorCode> = {
  invalid_url: "BAD_REQUEST",
  blocked: "BAD_REQUEST",
  dns: "UPSTREAM",
  refused: "UPSTREAM",
  unreachable: "UPSTREAM",
  timeout: "UPSTREAM",
  tls: "UPSTREAM",
  too_large: "UPSTREAM",
  too_many_redirects: "UPSTREAM",
};

/** An AppError (its message is written for the user) that also tells callers why the request failed. */
export class OutboundRequestError extends AppError {
  readonly reason: OutboundFailureReason;

  constructor(reason: OutboundFailureReason, message: string, options: { internal?: string; cause?: unknown } = {}) {
    super(codeFor[reason], message, { ...options, details: { reason } });
    this.name = "OutboundRequestError";
    this.reason = reason;
  }
}
