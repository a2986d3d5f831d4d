import type { Prisma } from "../db/client.ts";
import { AppError } from "../errors/index.ts";
import { hitRateLimit } from "./hit-rate-limit.ts";
import { takeBackRateLimitHit } from "./take-back-rate-limit-hit.ts";
import { SIGN_IN_THROTTLE, signInDelayMs, signInKeys, type SignInAction } from "./sign-in-throttle-policy.ts";

export const signInThrottleMessages = {
  login: "Too many failed sign-in attempts from your network for this account. Please try again in 15 minutes.",
  verify: "Too many incorrect verification codes from your network for this email. Please try again in 15 minutes.",
} as const;

/**
 * Counts one try at an account (a sign-in or a verification code) before it is checked, in the shared database.
 * Refused (429) once this address has failed `perAccountAndAddress` times at this account in the window; otherwise
 * answers how long to wait before checking the try, growing with the account's failures from every address. The try
 * is taken back by forgiveSignInAttempt when it succeeds.
 */
export async function throttleSignInAttempt(
  deps: { prisma: Prisma },
  input: { action: SignInAction; email: string; ip: string },
): Promise<{ delayMs: number }> {
  const keys = signInKeys(input.action, input.email, input.ip);
  const windowMs = SIGN_IN_THROTTLE.windowMs;
  const [here, everywhere] = await Promise.all([
    hitRateLimit(deps, { key: keys.accountAndAddress, windowMs }),
    hitRateLimit(deps, { key: keys.account, windowMs }),
  ]);
  if (here.hits > SIGN_IN_THROTTLE.perAccountAndAddress) {
    // A refused try was not checked: it does not add to the account's delay.
    await takeBackRateLimitHit(deps, keys.account);
    throw new AppError("RATE_LIMITED", signInThrottleMessages[input.action]);
  }
  // The try being counted is not a failure yet: the delay follows the failures before it.
  return { delayMs: signInDelayMs(everywhere.hits - 1) };
}
