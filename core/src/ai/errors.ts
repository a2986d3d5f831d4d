// What a user is told when the AI provider lets a generation down. Every case is an UPSTREAM AppError with a
// message the user can act on; `details.reason` lets callers and logs tell the cases apart.
import { AppError } from "../errors/index.ts";

export type AiFailureReason =
  | "timeout"
  | "unavailable"
  | "rate-limited"
  | "quota"
  | "auth"
  | "model-not-found"
  | "bad-request"
  | "unusable-answer"
  | "refused";

const messages: Record<AiFailureReason, string> = {
  timeout: "The AI provider did not answer in time. Please try again.",
  unavailable: "The AI provider is not available right now. Please try again in a few minutes.",
  "rate-limited": "The AI provider is busy right now. Please try again in a few minutes.",
  quota: "The AI provider's account has run out of credit. Please contact the site administrator.",
  auth: "The AI provider rejected the configured API key. Please contact the site administrator.",
  "model-not-found":
    "The configured AI model is not available at the AI provider. Please contact the site administrator.",
  "bad-request": "The AI provider could not process this request. Please try again, or shorten the instructions.",
  "unusable-answer": "The AI provider returned an unusable answer. Please try again.",
  refused: "The AI provider declined to write this content. Please rephrase the title, keywords or instructions.",
};

/** The failures aiFailure made: the model's, told apart from a store's, a site's or Google's (also UPSTREAM). */
const modelFailures = new WeakSet<AppError>();

export function aiFailure(reason: AiFailureReason, internal?: string, cause?: unknown): AppError {
  const failure = new AppError("UPSTREAM", messages[reason], { internal, cause, details: { reason } });
  modelFailures.add(failure);
  return failure;
}

/** Whether an error is the AI model letting a request down (aiFailure), not another service Postwright calls. */
export function isModelFailure(error: unknown): boolean {
  return error instanceof AppError && modelFailures.has(error);
}
