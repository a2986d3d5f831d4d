import { timingSafeEqual } from "node:crypto";
import { isKnownTimeZone } from "../contracts/account.ts";
import type { VerifyEmailInput } from "../contracts/auth.ts";
import type { User } from "../db/generated/client.ts";
import { AppError } from "../errors/index.ts";
import { clock, type AccountDeps } from "./account-deps.ts";
import { MAX_VERIFICATION_ATTEMPTS } from "./verification-policy.ts";

export const verificationMessages = {
  invalid: "Invalid verification code. Please check it and try again, or request a new code.",
  lastTryFailed: "Invalid verification code. That was the last try for this code: please request a new one.",
  tooManyTries: "Too many incorrect codes. Please request a new code.",
  expired: "The code has expired. Request a new one.",
  alreadyRegistered: "An account with this email already exists. Please sign in.",
  registeredElsewhere:
    "This email was registered more than once. To protect the account, enter the code in the browser where you registered last, or register again here.",
} as const;

export interface VerifyEmailOptions {
  /** The pending registration made in the browser sending the code (the surface keeps it in that browser's session). */
  registrationId?: number | null | undefined;
}

const sameCode = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/**
 * Completes a registration: checks the latest code sent to the email (15 minutes, 5 wrong tries, used once) and
 * creates the verified account from the pending registration. A code that was used, replaced by a newer one, or
 * never sent gets the same answer, so this does not reveal which emails have accounts.
 *
 * The code proves the mailbox; it does not prove who chose the password. When one email was registered with
 * different passwords (someone may have registered another person's email to keep a password to their account),
 * the code is accepted only from the browser that made the latest registration.
 */
export async function verifyEmail(deps: AccountDeps, input: VerifyEmailInput, options: VerifyEmailOptions = {}): Promise<User> {
  const now = clock(deps);
  const pending = await deps.prisma.emailVerification.findFirst({
    where: { email: input.email },
    orderBy: { id: "desc" },
  });
  if (!pending || pending.isUsed) throw new AppError("BAD_REQUEST", verificationMessages.invalid);
  if (pending.failedAttempts >= MAX_VERIFICATION_ATTEMPTS) throw new AppError("BAD_REQUEST", verificationMessages.tooManyTries);
  if (pending.expiresAt <= now) throw new AppError("BAD_REQUEST", verificationMessages.expired);

  if (!sameCode(pending.code, input.code)) {
    // Counted in the database, conditionally, so parallel guesses cannot exceed the limit.
    const counted = await deps.prisma.emailVerification.updateMany({
      where: { id: pending.id, isUsed: false, failedAttempts: { lt: MAX_VERIFICATION_ATTEMPTS } },
      data: { failedAttempts: { increment: 1 } },
    });
    if (counted.count === 0) throw new AppError("BAD_REQUEST", verificationMessages.tooManyTries);
    const last = pending.failedAttempts + 1 >= MAX_VERIFICATION_ATTEMPTS;
    throw new AppError("BAD_REQUEST", last ? verificationMessages.lastTryFailed : verificationMessages.invalid);
  }

  const contested = await deps.prisma.emailVerification.count({
    where: { email: pending.email, hashedPassword: { not: pending.hashedPassword } },
  });
  if (contested > 0) {
    const own = options.registrationId
      ? await deps.prisma.emailVerification.findUnique({
          where: { id: options.registrationId },
          select: { email: true, hashedPassword: true },
        })
      : null;
    if (own?.email !== pending.email || own.hashedPassword !== pending.hashedPassword) {
      throw new AppError("CONFLICT", verificationMessages.registeredElsewhere);
    }
  }

  return deps.prisma.$transaction(async (tx) => {
    // Claiming the code and creating the account commit together; a second request with the same code finds it used.
    const claimed = await tx.emailVerification.updateMany({
      where: { id: pending.id, isUsed: false, failedAttempts: { lt: MAX_VERIFICATION_ATTEMPTS }, expiresAt: { gt: now } },
      data: { isUsed: true },
    });
    if (claimed.count === 0) throw new AppError("BAD_REQUEST", verificationMessages.invalid);
    const existing = await tx.user.findUnique({ where: { email: pending.email }, select: { id: true } });
    if (existing) throw new AppError("CONFLICT", verificationMessages.alreadyRegistered);
    const user = await tx.user.create({
      data: {
        email: pending.email,
        password: pending.hashedPassword,
        firstName: pending.firstName,
        lastName: pending.lastName,
        isEmailVerified: true,
        // The account starts in the zone of the browser it was verified in.
        ...(input.timeZone && isKnownTimeZone(input.timeZone) ? { timeZone: input.timeZone } : {}),
      },
    });
    await tx.emailVerification.updateMany({ where: { email: pending.email, isUsed: false }, data: { isUsed: true } });
    return user;
  });
}
