// Stripe's error responses: { error: { type, code?, message, param?, doc_url? } } with the status Stripe uses.

export interface StripeErrorBody {
  error: {
    type: "invalid_request_error" | "api_error" | "idempotency_error" | "card_error" | "rate_limit_error";
    code?: string;
    message: string;
    param?: string;
    doc_url?: string;
    request_log_url?: string;
  };
}

export class FakeStripeError extends Error {
  readonly status: number;
  readonly body: StripeErrorBody;

  constructor(status: number, error: StripeErrorBody["error"]) {
    super(error.message);
    this.status = status;
    this.body = {
      error: { ...error, ...(error.code ? { doc_url: `https://stripe.com/docs/error-codes/${error.code.replace(/_/g, "-")}` } : {}) },
    };
  }

  /** "No such customer: 'cus_123'" (404 when the id is in the path, 400 when it is a parameter). */
  static resourceMissing(kind: string, id: string, param = "id"): FakeStripeError {
    return new FakeStripeError(param === "id" ? 404 : 400, {
      type: "invalid_request_error",
      code: "resource_missing",
      message: `No such ${kind}: '${id}'`,
      param,
    });
  }

  static parameterMissing(param: string): FakeStripeError {
    return new FakeStripeError(400, {
      type: "invalid_request_error",
      code: "parameter_missing",
      message: `Missing required param: ${param}.`,
      param,
    });
  }

  static parameterUnknown(param: string): FakeStripeError {
    return new FakeStripeError(400, {
      type: "invalid_request_error",
      code: "parameter_unknown",
      message: `Received unknown parameter: ${param}`,
      param,
    });
  }

  static invalid(message: string, param?: string, code?: string): FakeStripeError {
    return new FakeStripeError(400, {
      type: "invalid_request_error",
      message,
      ...(param ? { param } : {}),
      ...(code ? { code } : {}),
    });
  }

  /** A real Stripe parameter this fake does not implement: fails loudly so a test never passes by accident. */
  static unsupported(param: string): FakeStripeError {
    return new FakeStripeError(400, {
      type: "invalid_request_error",
      message: `The fake Stripe server does not implement the parameter '${param}'.`,
      param,
    });
  }
}
