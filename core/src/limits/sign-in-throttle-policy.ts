// How guesses at passwords and verification codes are slowed down and stopped, without letting a stranger keep the
// owner out: a hard stop counts only the tries of one address at one account, and what counts for the account as a
// whole (every address) only adds a growing delay to each try, never a refusal.

export type SignInAction = "login" | "verify";

export const SIGN_IN_THROTTLE = {
  windowMs: 15 * 60_000,
  /** Failed tries of one address at one account; the next is refused until the window ends. */
  perAccountAndAddress: 10,
  /** Failed tries at one account from every address before each further try is delayed. */
  accountFreeTries: 5,
  /** The first delay; it doubles with each further failed try... */
  firstDelayMs: 250,
  /** ...up to this. */
  maxDelayMs: 8_000,
} as const;

/** The delay before answering the next try at an account that has had `failures` failed tries in the window. */
export function signInDelayMs(failures: number): number {
  const over = failures - SIGN_IN_THROTTLE.accountFreeTries;
  if (over <= 0) return 0;
  return Math.min(SIGN_IN_THROTTLE.maxDelayMs, SIGN_IN_THROTTLE.firstDelayMs * 2 ** Math.min(over - 1, 16));
}

export const signInKeys = (action: SignInAction, email: string, ip: string) => ({
  account: `${action}-account:${email}`,
  accountAndAddress: `${action}-account-address:${email}|${ip}`,
});
