import { verificationCodeEmail } from "../mail/verification-code-email.ts";
import { clock, type AccountDeps } from "./account-deps.ts";
import { createVerificationCode } from "./create-verification-code.ts";
import { VERIFICATION_CODE_TTL_MINUTES } from "./verification-policy.ts";

export interface PendingRegistration {
  email: string;
  firstName: string;
  lastName: string;
  hashedPassword: string;
}

/**
 * Stores a fresh code for a pending registration and emails it. Every earlier unused code for the email is marked
 * used, so it stops working; the rows stay (until pruned) so that verifyEmail can tell when one email was registered
 * with different passwords. Returns the code (for development mail mode) and the id of the new row.
 */
export async function issueVerificationCode(
  deps: AccountDeps,
  pending: PendingRegistration,
): Promise<{ code: string; id: number }> {
  const code = createVerificationCode();
  const expiresAt = new Date(clock(deps).getTime() + VERIFICATION_CODE_TTL_MINUTES * 60_000);
  const [, row] = await deps.prisma.$transaction([
    deps.prisma.emailVerification.updateMany({ where: { email: pending.email, isUsed: false }, data: { isUsed: true } }),
    deps.prisma.emailVerification.create({ data: { ...pending, code, expiresAt }, select: { id: true } }),
  ]);
  await deps.mailer.send(
    verificationCodeEmail({
      to: pending.email,
      firstName: pending.firstName,
      code,
      appUrl: deps.config.appUrl,
      expiresInMinutes: VERIFICATION_CODE_TTL_MINUTES,
    }),
  );
  return { code, id: row.id };
}
