import type { ResetPasswordInput } from "../contracts/account.ts";
import { AppError } from "../errors/index.ts";
import { accountNoticeEmail } from "../mail/account-notice-email.ts";
import { clock, type AccountDeps } from "./account-deps.ts";
import { accountCodeMessages, claimAccountCode } from "./claim-account-code.ts";
import { endOtherSessions } from "./end-other-sessions.ts";
import { hashPassword } from "./hash-password.ts";

export const passwordResetMessage = "Your password was reset. Please sign in with the new one.";

/**
 * Sets a new password with a code from requestPasswordReset. Every session of the account ends (whoever knew the old
 * password is signed out), and the account's address is told. An unknown email gets the answer of a wrong code.
 */
export async function resetPassword(deps: AccountDeps, input: ResetPasswordInput): Promise<{ message: string }> {
  const now = clock(deps);
  const user = await deps.prisma.user.findUnique({ where: { email: input.email } });
  // Hashing first on every path keeps the answer's timing the same for unknown emails.
  const password = await hashPassword(input.password);
  if (!user) throw new AppError("BAD_REQUEST", accountCodeMessages.expired);
  await claimAccountCode(deps, { userId: user.id, purpose: "password_reset", code: input.code, now });
  await deps.prisma.$transaction(async (tx) => {
    // The code proves the mailbox, so the address counts as verified from now on.
    await tx.user.update({ where: { id: user.id }, data: { password, isEmailVerified: true } });
    await endOtherSessions({ prisma: tx }, { userId: user.id });
  });
  // A notice that cannot be sent (the mailer logs why) must not undo or hide the change it reports.
  await deps.mailer
    .send(
      accountNoticeEmail({
        to: user.email,
        firstName: user.firstName,
        change: "password_reset",
        appUrl: deps.config.appUrl,
      }),
    )
    .catch(() => undefined);
  return { message: passwordResetMessage };
}
