// How long to wait before the next attempt after a transient failure: exponential backoff (30 s, 1 min, 2 min, ...)
// capped at maxMs, and never sooner than the platform asked for (Retry-After).
export interface RetryDelayOptions {
  baseMs: number;
  maxMs: number;
}

export function computeRetryDelay(
  attempt: number,
  retryAfterMs: number | undefined,
  options: RetryDelayOptions,
): number {
  const backoff = Math.min(options.baseMs * 2 ** Math.max(0, attempt - 1), options.maxMs);
  return Math.max(backoff, retryAfterMs ?? 0);
}
