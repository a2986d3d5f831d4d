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
 * Stores a fresh code for a pending registration, replacing every earlier unused code for the email (so an older
 * code stops working), and emails it. Returns the code for development mail mode.
 */
export async function issueVerificationCode(deps: AccountDeps, pending: PendingRegistration): Promise<string> {
  const code = createVerificationCode();
  const expiresAt = new Date(clock(deps).getTime() + VERIFICATION_CODE_TTL_MINUTES * 60_000);
  await deps.prisma.$transaction([
    deps.prisma.emailVerification.deleteMany({ where: { email: pending.email, isUsed: false } }),
    deps.prisma.emailVerification.create({ data: { ...pending, code, expiresAt } }),
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
  return code;
}
