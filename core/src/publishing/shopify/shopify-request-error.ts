import { PublishError } from "../types.ts";

export type ShopifyFailureKind =
  /** 401: the token is wrong or was revoked. */
  | "unauthorized"
  /** 403, or a GraphQL ACCESS_DENIED: the token lacks a permission. */
  | "forbidden"
  /** 404: no shop answers at this address. */
  | "not_found"
  /** 402/423: the shop is frozen, paused or locked. */
  | "unavailable"
  /** Still throttled after the waiting we allow ourselves. */
  | "throttled"
  | "network"
  /** 5xx or Shopify's INTERNAL_SERVER_ERROR. */
  | "server"
  /** Shopify refused the request or the article (GraphQL errors, userErrors). */
  | "rejected"
  /** A response this client cannot read. */
  | "unexpected";

/** A Shopify call that did not go through, with a message written for the merchant. */
export class ShopifyRequestError extends PublishError {
  readonly kind: ShopifyFailureKind;
  readonly status: number | undefined;

  constructor(
    kind: ShopifyFailureKind,
    message: string,
    options: { transient: boolean; status?: number; retryAfterMs?: number; cause?: unknown },
  ) {
    super(message, options);
    this.name = "ShopifyRequestError";
    this.kind = kind;
    this.status = options.status;
  }
}
