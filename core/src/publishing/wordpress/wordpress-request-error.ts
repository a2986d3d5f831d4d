import { PublishError } from "../types.ts";

export type WordpressFailureKind =
  /** 401: WordPress did not accept the username and application password. */
  | "unauthorized"
  /** 403: the account may not do this (publish, upload, create tags). */
  | "forbidden"
  /** 404 on a route or an item. */
  | "not_found"
  /** The REST API is switched off or blocked on the site. */
  | "rest_disabled"
  /** Nothing at the address looks like WordPress. */
  | "not_wordpress"
  /** 429. */
  | "rate_limited"
  /** 5xx. */
  | "server"
  /** No answer: unreachable, timeout, DNS, TLS, or an address that may not be used. */
  | "network"
  /** 400 and other refusals of the request itself. */
  | "rejected"
  /** An answer this client cannot read (a web page instead of JSON, for example). */
  | "unexpected"
  /** The application password would leave the site the user connected, or travel unencrypted: not sent. */
  | "unsafe";

/** A WordPress call that did not go through, with a message written for the site owner. */
export class WordpressRequestError extends PublishError {
  readonly kind: WordpressFailureKind;
  readonly status: number | undefined;
  /** WordPress's error code (incorrect_password, rest_cannot_create, ...), when it sent one. */
  readonly code: string | undefined;
  /** The `data` WordPress sent with its error (for example term_id with term_exists). */
  readonly data: Record<string, unknown> | undefined;

  constructor(
    kind: WordpressFailureKind,
    message: string,
    options: {
      transient: boolean;
      status?: number;
      code?: string;
      data?: Record<string, unknown>;
      retryAfterMs?: number;
      cause?: unknown;
    },
  ) {
    super(message, options);
    this.name = "WordpressRequestError";
    this.kind = kind;
    this.status = options.status;
    this.code = options.code;
    this.data = options.data;
  }
}
