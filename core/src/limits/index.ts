// Rate limits and throttles kept in the database, so that every instance and process shares one count.
export { hitRateLimit, type RateLimitCount } from "./hit-rate-limit.ts";
export { takeBackRateLimitHit } from "./take-back-rate-limit-hit.ts";
export { resetRateLimit } from "./reset-rate-limit.ts";
export { countRateLimitHits } from "./count-rate-limit-hits.ts";
export { pruneRateLimits } from "./prune-rate-limits.ts";
export { SIGN_IN_THROTTLE, signInDelayMs, type SignInAction } from "./sign-in-throttle-policy.ts";
export { throttleSignInAttempt, signInThrottleMessages } from "./throttle-sign-in-attempt.ts";
export { forgiveSignInAttempt } from "./forgive-sign-in-attempt.ts";
