import type { Prisma } from "../db/client.ts";
import { resetRateLimit } from "./reset-rate-limit.ts";
import { signInKeys, type SignInAction } from "./sign-in-throttle-policy.ts";

/**
 * After a successful sign-in or verification: forgets the failures counted against the account, from this address and
 * from all of them, so the owner's next sign-in is neither delayed nor refused.
 */
export async function forgiveSignInAttempt(
  deps: { prisma: Prisma },
  input: { action: SignInAction; email: string; ip: string },
): Promise<void> {
  const keys = signInKeys(input.action, input.email, input.ip);
  await Promise.all([resetRateLimit(deps, keys.accountAndAddress), resetRateLimit(deps, keys.account)]);
}
